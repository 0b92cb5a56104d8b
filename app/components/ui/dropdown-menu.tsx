import { Slot } from "radix-ui";
import { createContext, useContext, useState, type ComponentProps, type ComponentType } from "react";
import { deferredModule, usePreloadWhenIdle } from "~/lib/deferred";
import type * as MenuPartsModule from "./dropdown-menu-parts";
import { trackStandInFocus, useStandInFocus, type StandIn, type StandInFocus } from "./stand-in";

type MenuParts = typeof MenuPartsModule;

/** Radix's menu with its positioning engine, ~15 KB brotli: fetched when the page is idle. */
const menuParts = deferredModule<MenuParts>(() => import("./dropdown-menu-parts"));

type LoadedMenu = { parts: MenuParts; focus: StandInFocus };
const LoadedMenuContext = createContext<LoadedMenu | null>(null);
const StandInMenuContext = createContext<StandIn | null>(null);

/**
 * A menu of actions: arrow keys move, type-ahead jumps, Enter picks, Escape closes (Radix).
 * Until it is first opened the trigger is a plain button that looks and announces itself the same
 * (a closed menu shows nothing else); pressing it opens the menu, as Radix's trigger would, with Radix's
 * code, fetched when the page was idle (or then). A list's thirty menus so never all change at once,
 * in one long task, while the page is still loading.
 */
export function DropdownMenu({ defaultOpen, ...props }: Omit<ComponentProps<MenuParts["DropdownMenu"]>, "open">) {
  const [parts, setParts] = useState<MenuParts | null>(null);
  const [isOpenedByStandIn, setOpenedByStandIn] = useState(false);
  const focus = useStandInFocus();
  usePreloadWhenIdle(menuParts);

  if (parts) {
    return (
      <LoadedMenuContext value={{ parts, focus }}>
        <parts.DropdownMenu {...props} defaultOpen={defaultOpen || isOpenedByStandIn} />
      </LoadedMenuContext>
    );
  }
  const open = () => {
    setOpenedByStandIn(true);
    const arrived = menuParts.current();
    if (arrived) setParts(arrived);
    else menuParts.load().then(setParts, () => setOpenedByStandIn(false));
  };
  // A stand-in inside an open menu keeps its parts from taking the outer menu's for theirs.
  return (
    <LoadedMenuContext value={null}>
      <StandInMenuContext value={{ open, hasFocus: focus.hasFocus }}>{props.children}</StandInMenuContext>
    </LoadedMenuContext>
  );
}

export function DropdownMenuTrigger({
  asChild,
  onPointerDown,
  onKeyDown,
  onFocus,
  onBlur,
  ...props
}: ComponentProps<MenuParts["DropdownMenuTrigger"]>) {
  const loaded = useContext(LoadedMenuContext);
  const standIn = useContext(StandInMenuContext);
  if (loaded) {
    const handlers = { onPointerDown, onKeyDown, onFocus, onBlur };
    return <loaded.parts.DropdownMenuTrigger ref={loaded.focus.takeOver} asChild={asChild} {...handlers} {...props} />;
  }
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      {...trackStandInFocus(standIn, { onFocus, onBlur })}
      // The gestures Radix's trigger opens on: a primary-button press, or Enter, Space, ArrowDown.
      onPointerDown={(event) => {
        onPointerDown?.(event);
        if (event.defaultPrevented || props.disabled || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        standIn?.open();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || props.disabled || !["Enter", " ", "ArrowDown"].includes(event.key)) return;
        event.preventDefault();
        standIn?.open();
      }}
    />
  );
}

/** A part that only shows inside an open menu, so it renders once Radix's code is there. */
function menuPart<Name extends Exclude<keyof MenuParts, "DropdownMenu" | "DropdownMenuTrigger">>(name: Name) {
  // biome-ignore lint/correctness/noComponentHookFactories: the factory runs once at module scope (export const X = …), so each component is made once, not per render
  function MenuPart(props: ComponentProps<MenuParts[Name]>) {
    const loaded = useContext(LoadedMenuContext);
    if (!loaded) return null;
    const Part = loaded.parts[name] as ComponentType<object>;
    return <Part {...(props as object)} />;
  }
  MenuPart.displayName = name;
  return MenuPart;
}

export const DropdownMenuGroup = menuPart("DropdownMenuGroup");
export const DropdownMenuRadioGroup = menuPart("DropdownMenuRadioGroup");
export const DropdownMenuSub = menuPart("DropdownMenuSub");
export const DropdownMenuContent = menuPart("DropdownMenuContent");
export const DropdownMenuItem = menuPart("DropdownMenuItem");
export const DropdownMenuCheckboxItem = menuPart("DropdownMenuCheckboxItem");
export const DropdownMenuRadioItem = menuPart("DropdownMenuRadioItem");
export const DropdownMenuLabel = menuPart("DropdownMenuLabel");
export const DropdownMenuSeparator = menuPart("DropdownMenuSeparator");
export const DropdownMenuShortcut = menuPart("DropdownMenuShortcut");
export const DropdownMenuSubTrigger = menuPart("DropdownMenuSubTrigger");
export const DropdownMenuSubContent = menuPart("DropdownMenuSubContent");
