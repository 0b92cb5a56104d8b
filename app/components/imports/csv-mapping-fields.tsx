import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/ui/checkbox";
import { Button } from "~/components/ui/button";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ScrollingGroup } from "~/components/ui/scrolling-group";
import { type CsvMappingGuess, maxCsvStartLine } from "../../../worker/imports/csv-mapping";

type Columns = CsvMappingGuess["columns"];
type Draft = CsvMappingGuess;

function NativeSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={nativeSelectClassName}
      >
        {children}
      </select>
    </div>
  );
}

/**
 * Which column holds what, and how the dates and numbers are written — chosen by the person,
 * with the file's first lines under it to choose from. Nothing here is guessed for them.
 */
export function CsvMappingFields({
  mapping,
  onChange,
  header,
  sampleRows,
  startLine,
  onReadFromLine,
  isBusy,
}: {
  mapping: Draft;
  onChange(mapping: Draft): void;
  header: string[] | null;
  sampleRows: string[][];
  /** The file line the table was read from. */
  startLine: number;
  /** Reads the file again with its table starting on this line. */
  onReadFromLine(line: number): void;
  isBusy: boolean;
}) {
  const { t } = useTranslation("imports");
  const [typedLine, setTypedLine] = useState(String(startLine));
  const lineNumber = Number(typedLine);
  const isLineValid = Number.isInteger(lineNumber) && lineNumber >= 1 && lineNumber <= maxCsvStartLine;
  const columnCount = Math.max(header?.length ?? 0, ...sampleRows.map((row) => row.length));
  const columnName = (index: number) =>
    mapping.hasHeader && header?.[index]?.trim() ? header[index] : t("mapping.column", { number: index + 1 });
  const columnOptions = Array.from({ length: columnCount }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a column is known by its place in the file
    <option key={index} value={index}>
      {columnName(index)}
    </option>
  ));
  const setColumns = (columns: Partial<Columns>) =>
    onChange({ ...mapping, columns: { ...mapping.columns, ...columns } });
  const columnSelect = (key: keyof Columns, optional = false) => (
    <NativeSelect
      id={`mapping-${key}`}
      label={t(`mapping.${key}`)}
      value={mapping.columns[key] === null ? "" : String(mapping.columns[key])}
      onChange={(value) => setColumns({ [key]: value === "" ? null : Number(value) })}
    >
      <option value="">{optional ? t("mapping.none") : t("mapping.choose")}</option>
      {columnOptions}
    </NativeSelect>
  );
  // Which amount layout the form shows: kept here, since a guess may have chosen no column yet.
  const [isTwoColumns, setIsTwoColumns] = useState(
    mapping.columns.amount === null && (mapping.columns.debit !== null || mapping.columns.credit !== null),
  );
  const shownRows = mapping.hasHeader || !header ? sampleRows : [header, ...sampleRows];
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="mapping-start-line">{t("mapping.startLine")}</Label>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            id="mapping-start-line"
            inputMode="numeric"
            value={typedLine}
            onChange={(event) => setTypedLine(event.target.value.replace(/\D/g, ""))}
            aria-describedby="mapping-start-line-hint"
            className="w-20"
          />
          <Button
            type="button"
            variant="outline"
            disabled={isBusy || !isLineValid || lineNumber === startLine}
            onClick={() => onReadFromLine(lineNumber)}
          >
            {t("mapping.readFromLine")}
          </Button>
        </div>
        <p id="mapping-start-line-hint" className="text-xs text-muted-foreground">
          {startLine > 1 ? t("mapping.startLineFound", { line: startLine }) : t("mapping.startLineHint")}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id="mapping-has-header"
          checked={mapping.hasHeader}
          onCheckedChange={(checked) => onChange({ ...mapping, hasHeader: checked === true })}
        />
        <Label htmlFor="mapping-has-header" className="font-normal">
          {t("mapping.hasHeader")}
        </Label>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {columnSelect("date")}
        {columnSelect("description")}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("mapping.amountStyle")}</legend>
        {(["one", "two"] as const).map((style) => (
          <label key={style} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="mapping-amount-style"
              checked={style === "two" ? isTwoColumns : !isTwoColumns}
              onChange={() => {
                setIsTwoColumns(style === "two");
                setColumns(
                  style === "two"
                    ? { amount: null, debit: mapping.columns.debit, credit: mapping.columns.credit }
                    : { amount: mapping.columns.amount, debit: null, credit: null },
                );
              }}
              className="accent-[var(--color-accent)]"
            />
            {t(style === "two" ? "mapping.twoColumns" : "mapping.oneColumn")}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {isTwoColumns ? (
          <>
            {columnSelect("debit")}
            {columnSelect("credit")}
          </>
        ) : (
          columnSelect("amount")
        )}
        {columnSelect("identifier", true)}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <NativeSelect
          id="mapping-date-format"
          label={t("mapping.dateFormat")}
          value={mapping.dateFormat ?? ""}
          onChange={(value) => onChange({ ...mapping, dateFormat: (value || null) as Draft["dateFormat"] })}
        >
          <option value="">{t("mapping.choose")}</option>
          {(["dmy", "mdy", "ymd"] as const).map((format) => (
            <option key={format} value={format}>
              {t(`mapping.${format}`)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          id="mapping-decimal-mark"
          label={t("mapping.decimalMark")}
          value={mapping.decimalMark ?? ""}
          onChange={(value) => onChange({ ...mapping, decimalMark: (value || null) as Draft["decimalMark"] })}
        >
          <option value="">{t("mapping.choose")}</option>
          <option value=",">{t("mapping.comma")}</option>
          <option value=".">{t("mapping.point")}</option>
        </NativeSelect>
        {isTwoColumns ? null : (
          <NativeSelect
            id="mapping-positive-means"
            label={t("mapping.positiveMeans")}
            value={mapping.positiveMeans}
            onChange={(value) => onChange({ ...mapping, positiveMeans: value as Draft["positiveMeans"] })}
          >
            <option value="money_in">{t("mapping.moneyIn")}</option>
            <option value="money_out">{t("mapping.moneyOut")}</option>
          </NativeSelect>
        )}
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-medium">{t("mapping.sample")}</p>
        <ScrollingGroup label={t("mapping.sample")}>
          <table className="w-full text-xs">
            {mapping.hasHeader && header ? (
              <thead className="bg-muted/50 text-left">
                <tr>
                  {header.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place
                    <th key={index} className="px-2 py-1.5 font-medium whitespace-nowrap">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
            ) : null}
            <tbody>
              {shownRows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the sample's lines have no identity but their place
                <tr key={rowIndex} className="border-t">
                  {row.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place
                    <td key={index} className="px-2 py-1.5 whitespace-nowrap">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingGroup>
      </div>
    </div>
  );
}
