// The official JSON Resume schema (npm @jsonresume/schema) as a plain check for tests.
import jsonResumeSchema, { type SchemaError } from '@jsonresume/schema';

/** The schema's errors for this document, as "property: message" lines; empty when it is valid. */
export function findJsonResumeErrors(document: unknown): string[] {
  let found: SchemaError[] = [];
  // The validator calls back synchronously.
  jsonResumeSchema.validate(document, (errors) => {
    found = errors ?? [];
  });
  return found.map((error) => `${error.property}: ${error.message}`);
}
