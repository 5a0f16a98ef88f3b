import type { InputHTMLAttributes, Ref } from 'react';

type HiddenFileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'tabIndex'> & {
  ref: Ref<HTMLInputElement>;
};

/** A file picker out of sight and out of the tab order: a visible button opens it with `ref.current.click()`. */
export function HiddenFileInput(props: HiddenFileInputProps) {
  return <input {...props} type="file" className="visually-hidden" tabIndex={-1} />;
}
