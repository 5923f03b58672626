// react-hook-form's resolver for a zod schema, written here instead of taken from @hookform/resolvers:
// its 1.3 KB gzip (a general resolver over Standard Schema) did not fit the 130 KB budget for all JS
// once every screen's features were in, and the forms need no more than these lines.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';

/** The values the schema made of the form's, or each field's first problem, beside that field. */
export function schemaResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodMiniType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues)
      errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}
