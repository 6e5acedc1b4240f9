import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './field-errors';
import { loadFieldMessagesIn } from './field-messages';
import { zodResolver } from './zod-resolver';

const schema = z.object({
  title: z.string().min(1, { message: '제목을 입력해주세요.' }),
  students: z.array(z.object({ name: z.string().min(1, { message: '학생 이름을 입력해주세요.' }) })),
});

async function errorsFor(values: unknown) {
  const ref = document.createElement('input');
  const result = await zodResolver(schema)(values as never, undefined, {
    fields: { title: { ref, name: 'title' } },
    shouldUseNativeValidation: false,
  });
  return { errors: result.errors as Record<string, unknown>, ref };
}

afterEach(() => loadFieldMessagesIn('ko'));

describe('the forms’ resolver', () => {
  it('shows a schema’s Korean message as written on a Korean page', async () => {
    const { errors } = await errorsFor({ title: '', students: [] });
    expect(errors.title).toMatchObject({ message: '제목을 입력해주세요.' });
  });

  it('shows its English on an English page, nested fields too, with the field’s element kept', async () => {
    await loadFieldMessagesIn('en');
    const { errors, ref } = await errorsFor({ title: '', students: [{ name: '' }] });
    expect(errors.title).toMatchObject({ message: 'Enter a title.' });
    expect((errors.title as { ref: unknown }).ref).toBe(ref);
    expect((errors.students as { name: { message: string } }[])[0]?.name.message).toBe(
      "Enter the student's name.",
    );
    // Back in Korean, the messages are Korean again.
    await loadFieldMessagesIn('ko');
    expect((await errorsFor({ title: '', students: [] })).errors.title).toMatchObject({
      message: '제목을 입력해주세요.',
    });
  });

  it('reads the hand-checked forms’ issues in the page’s language too', async () => {
    await loadFieldMessagesIn('en');
    const parsed = schema.safeParse({ title: '', students: [] });
    expect(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)).toEqual({ title: 'Enter a title.' });
  });
});
