import type { ComponentProps, ReactNode } from 'react';

interface Props extends ComponentProps<'input'> {
  label: string;
  /** Something beside the input (the code button). */
  addon?: ReactNode;
}

/** One labelled input row, the same in every account form. */
export default function Field({ label, addon, id, ...input }: Props) {
  return (
    <div className="flex gap-2">
      <label className="field flex flex-1 items-center rounded-md border border-line bg-white px-3 focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/20">
        <span className="sr-only">{label}</span>
        <input
          id={id}
          {...input}
          aria-label={label}
          className="h-11 w-full bg-transparent text-[15px] outline-none placeholder:text-ink-mute"
        />
      </label>
      {addon}
    </div>
  );
}
