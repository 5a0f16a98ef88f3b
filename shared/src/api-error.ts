/** The JSON body of every error answer (DESIGN.md, "The API surface"). */
export interface ApiErrorBody {
  success: false;
  error: string;
  code?: string;
  details?: string[];
}
