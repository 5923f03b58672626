import { describe, expect, it } from 'vitest';
import { petFormSchema as rulesFor, toNewPet } from './pet-form-schema.ts';

const petFormSchema = rulesFor();

const valid = { name: 'Rex', categoryId: '3', status: 'available' };

describe('the add-pet form rules', () => {
  it('trims the name and turns the category id into an exact int64', () => {
    const values = petFormSchema.parse({ ...valid, name: '  Rex  ', categoryId: ' 9223372036854775807 ' });
    expect(toNewPet(values)).toEqual({ name: 'Rex', categoryId: 9223372036854775807n, status: 'available' });
  });

  it.each([
    ['a blank name', { name: '   ' }, 'Enter a name.'],
    ['no category id', { categoryId: '' }, 'Enter a category ID.'],
    [
      'a fractional category id',
      { categoryId: '1.5' },
      'Enter a whole number: digits only, with a minus sign first if it is negative.',
    ],
    [
      'a category id with letters',
      { categoryId: '12a' },
      'Enter a whole number: digits only, with a minus sign first if it is negative.',
    ],
    ['a category id above int64', { categoryId: '9223372036854775808' }, 'Enter a number between'],
    ['a category id below int64', { categoryId: '-9223372036854775809' }, 'Enter a number between'],
    ['an unknown status', { status: 'lost' }, 'Choose a status.'],
  ])('refuses %s', (_, change, message) => {
    const result = petFormSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('refuses a name over the longest an environment declares, and takes any length where none is', () => {
    const long = { ...valid, name: 'x'.repeat(201) };
    expect(rulesFor({ petNameMaxLength: 200 }).safeParse(long).error?.issues[0]?.message).toBe(
      'Keep the name to 200 characters or fewer: it has 201.',
    );
    // Counted by code point, as the limit is: an emoji is one, though a JavaScript string's length is two.
    const dogs = (n: number) => ({ ...valid, name: '🐶'.repeat(n) });
    expect(rulesFor({ petNameMaxLength: 200 }).safeParse(dogs(200)).success).toBe(true);
    expect(rulesFor({ petNameMaxLength: 200 }).safeParse(dogs(201)).error?.issues[0]?.message).toBe(
      'Keep the name to 200 characters or fewer: it has 201.',
    );
    expect(rulesFor({ petNameMaxLength: 200 }).safeParse({ ...valid, name: ` ${'x'.repeat(200)} ` }).success).toBe(
      true,
    );
    expect(petFormSchema.safeParse({ ...long, name: 'x'.repeat(100_000) }).success).toBe(true);
  });

  it('accepts the int64 bounds', () => {
    for (const categoryId of ['-9223372036854775808', '0', '9223372036854775807']) {
      expect(petFormSchema.safeParse({ ...valid, categoryId }).success).toBe(true);
    }
  });

  it('reads a category id with leading zeros as its number, however long', () => {
    const parsed = petFormSchema.safeParse({ ...valid, categoryId: '00000000000000000000001' });
    expect(parsed.success && toNewPet(parsed.data).categoryId).toBe(1n);
    expect(petFormSchema.safeParse({ ...valid, categoryId: '-0009223372036854775809' }).success).toBe(false);
    // However many digits are typed.
    expect(petFormSchema.safeParse({ ...valid, categoryId: '7'.repeat(1_000_000) }).success).toBe(false);
  });
});
