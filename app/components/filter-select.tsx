/** A labelled select of a GET filter form (the admin lists): its options from a value → label record. */
export function FilterSelect({
  label,
  name,
  value,
  options,
  all,
}: {
  label: string;
  name: string;
  value: string;
  options: Record<string, string>;
  /** The label of the "all" option (value "all"), when the filter has one. */
  all?: string;
}) {
  return (
    <label className="text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value} className="mt-1 block rounded-md border border-slate-300 px-3 py-2">
        {all ? <option value="all">{all}</option> : null}
        {Object.entries(options).map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}
