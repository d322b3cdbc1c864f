/**
 * A labelled plain `<select>` of the List view's filter and bulk forms, styled by their
 * parent's `.pl-field` rules. `empty` is the first option, with the empty value ("Keep",
 * "Anyone"); `extra` are fixed options that come before the listed ones ("Unassigned").
 */
export function SelectField({
  id,
  name,
  label,
  defaultValue = "",
  empty,
  extra = [],
  options,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  empty?: string;
  extra?: { value: string; label: string }[];
  options: { value: string; label: string }[];
}) {
  return (
    <div className="pl-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {[...extra, ...options].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
