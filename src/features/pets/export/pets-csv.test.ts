import { describe, expect, it } from 'vitest';
import type { Pet } from '../pet.ts';
import { csvField, csvFileName, petsCsv } from './pets-csv.ts';

const pet = (fields: Partial<Pet>): Pet => ({ id: 1n, name: 'Rex', categoryId: 1n, status: 'available', ...fields });
const names = new Map([[1n, 'Dogs']]);
const nameOf = (id: bigint) => names.get(id);

describe('the pets CSV', () => {
  it('starts with a byte order mark and ends every line, the last too, with CRLF', () => {
    const text = petsCsv([pet({})]);
    expect(text).toBe('\uFEFFid,name,categoryId,status\r\n1,Rex,1,available\r\n');
  });

  it('has a column for the category name only where categories are named, empty for one without', () => {
    const text = petsCsv([pet({}), pet({ id: 2n, categoryId: 7n, status: undefined })], nameOf);
    expect(text).toBe('\uFEFFid,name,categoryName,categoryId,status\r\n1,Rex,Dogs,1,available\r\n2,Rex,,7,\r\n');
  });

  it('writes int64 values exactly, beyond 2^53 and negative', () => {
    const text = petsCsv([pet({ id: 9223372036854775807n, categoryId: 9007199254740993n })]);
    expect(text.split('\r\n')[1]).toBe('9223372036854775807,Rex,9007199254740993,available');
    // Digits are never a formula: a negative id is written as it is, not as the text `'-1`.
    expect(petsCsv([pet({ categoryId: -9223372036854775808n })]).split('\r\n')[1]).toBe(
      '1,Rex,-9223372036854775808,available',
    );
    // A name of digits is text, and neutralised as any name.
    expect(petsCsv([pet({ name: '-1', categoryId: -1n })]).split('\r\n')[1]).toBe("1,'-1,-1,available");
  });

  it.each([
    ['Zoë', 'Zoë'],
    ['Rex, the second', '"Rex, the second"'],
    ['Rex "the dog"', '"Rex ""the dog"""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rCR', `"'\rCR"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=b', 'a=b'],
    ['', ''],
  ])('writes %j as %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('quotes and neutralises names inside a whole row', () => {
    const text = petsCsv([pet({ name: '=cmd|" /C calc"!A0, x' })], nameOf);
    expect(text.split('\r\n')[1]).toBe(`1,"'=cmd|"" /C calc""!A0, x",Dogs,1,available`);
  });
});

describe('the CSV file name', () => {
  const date = new Date(2026, 10, 5);
  it('says the environment, the filter and the day, slugged', () => {
    expect(
      csvFileName({ environment: 'Local test service', status: 'available', category: undefined, q: '' }, date),
    ).toBe('pets-local-test-service-available-2026-11-05.csv');
    expect(
      csvFileName({ environment: 'Zoë’s Shop (EU)', status: undefined, category: 'Small Birds', q: ' Rex/2 ' }, date),
    ).toBe('pets-zoes-shop-eu-all-small-birds-rex-2-2026-11-05.csv');
  });
});
