declare module '@jsonresume/schema' {
  /** A JSON Schema validation error (from the jsonschema package the validator uses). */
  export interface SchemaError {
    property: string;
    message: string;
  }
  /** Validates a document against the official JSON Resume schema; errors is null when it is valid. */
  export function validate(resume: unknown, callback: (errors: SchemaError[] | null, valid: boolean) => void): void;
  /** The schema itself (JSON Schema draft-07). */
  export const schema: Record<string, unknown>;
}
