/** The JSON body of every error answer (DESIGN.md, "The API surface"). */
export interface ApiErrorBody {
  success: false;
  error: string;
  code?: string;
  details?: string[];
  /** A 402 (INSUFFICIENT_CREDITS): what was asked would cost `required`; the person has `available`. */
  required?: number;
  available?: number;
}
