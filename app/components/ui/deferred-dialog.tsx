import { Slot } from "radix-ui";
import {
  createContext,
  useContext,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type JSXElementConstructor,
  type ReactNode,
} from "react";
import { usePreloadWhenIdle, type DeferredModule } from "~/lib/deferred";
import { trackStandInFocus, useStandInFocus, type StandIn, type StandInFocus } from "./stand-in";

type RootProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?(open: boolean): void;
  modal?: boolean;
  children?: ReactNode;
};
type TriggerProps = ComponentProps<"button"> & { asChild?: boolean };

/**
 * A dialog or drawer whose Radix code (focus trap, scroll lock, dismissal: ~8 KB brotli) is
 * left out of the page's first load: fetched when the page is idle, or when a dialog is first opened. A
 * closed dialog shows nothing but its trigger, so until it is first opened the trigger is a plain button
 * that looks and announces itself the same, and the other parts render nothing: a page's many dialogs
 * never all change at once, in one long task, while it is still loading.
 * `names` are the module's root and trigger exports; every other export is a part.
 */
export function deferredDialog<Parts extends Record<string, unknown>>(
  deferred: DeferredModule<Parts>,
  names: { root: keyof Parts; trigger: keyof Parts },
) {
  type Loaded = { parts: Parts; focus: StandInFocus };
  const LoadedContext = createContext<Loaded | null>(null);
  const StandInContext = createContext<StandIn | null>(null);

  // biome-ignore lint/correctness/noComponentHookFactories: the factory runs once at module scope (export const X = …), so each component is made once, not per render
  function Root({ open, defaultOpen, onOpenChange, ...props }: RootProps) {
    const [parts, setParts] = useState<Parts | null>(null);
    const [isOpenedByStandIn, setOpenedByStandIn] = useState(false);
    const focus = useStandInFocus();
    usePreloadWhenIdle(deferred);
    const isWanted = Boolean(open || defaultOpen || isOpenedByStandIn);
    // Opened once the code is here: Radix from this rendering on (and after closing, so focus returns to its trigger).
    const arrived = isWanted && !parts ? deferred.current() : null;
    if (arrived) setParts(arrived);
    useEffect(() => {
      if (isWanted && !parts) deferred.load().then(setParts, () => setOpenedByStandIn(false));
    }, [isWanted, parts]);

    if (parts) {
      const RealRoot = parts[names.root] as ComponentType<RootProps>;
      return (
        <LoadedContext value={{ parts, focus }}>
          <RealRoot open={open} defaultOpen={defaultOpen || isOpenedByStandIn} onOpenChange={onOpenChange} {...props} />
        </LoadedContext>
      );
    }
    // Controlled dialogs open through their owner; uncontrolled ones open once the code is here.
    const openFromStandIn = () => (open === undefined ? setOpenedByStandIn(true) : onOpenChange?.(true));
    // A stand-in inside an open dialog (a form's own dialog) keeps its parts from taking the outer dialog's for theirs.
    return (
      <LoadedContext value={null}>
        <StandInContext value={{ open: openFromStandIn, hasFocus: focus.hasFocus }}>{props.children}</StandInContext>
      </LoadedContext>
    );
  }

  // biome-ignore lint/correctness/noComponentHookFactories: the factory runs once at module scope (export const X = …), so each component is made once, not per render
  function Trigger({ asChild, onClick, onFocus, onBlur, ...props }: TriggerProps) {
    const loaded = useContext(LoadedContext);
    const standIn = useContext(StandInContext);
    if (loaded) {
      const RealTrigger = loaded.parts[names.trigger] as ComponentType<TriggerProps>;
      return (
        <RealTrigger
          ref={loaded.focus.takeOver}
          asChild={asChild}
          onClick={onClick}
          onFocus={onFocus}
          onBlur={onBlur}
          {...props}
        />
      );
    }
    const Component = asChild ? Slot.Root : "button";
    return (
      <Component
        type="button"
        aria-haspopup="dialog"
        aria-expanded={false}
        data-state="closed"
        {...props}
        {...trackStandInFocus(standIn, { onFocus, onBlur })}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) standIn?.open();
        }}
      />
    );
  }

  /** A part that only shows in an open dialog, so it renders once the code is there. */
  function part<Name extends keyof Parts>(name: Name) {
    // biome-ignore lint/correctness/noComponentHookFactories: the factory runs once at module scope (export const X = …), so each component is made once, not per render
    function DialogPart(props: Parts[Name] extends JSXElementConstructor<infer Props> ? Props : never) {
      const loaded = useContext(LoadedContext);
      if (!loaded) return null;
      const Part = loaded.parts[name] as ComponentType<object>;
      return <Part {...(props as object)} />;
    }
    DialogPart.displayName = String(name);
    return DialogPart;
  }

  return { Root, Trigger, part };
}
