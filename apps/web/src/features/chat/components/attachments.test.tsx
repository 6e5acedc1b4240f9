import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { formatBytes } from '../attachments';
import { MessageAttachments } from './attachments';
import { Composer } from './composer';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const uploaded = {
  file_id: 'f-doc',
  filename: '학급운영계획.pdf',
  type: 'application/pdf',
  kind: 'pdf',
  bytes: 2_048,
  width: null,
  height: null,
  status: 'processing',
  error: null,
  purpose: 'chat',
  filepath: '/api/v1/files/f-doc/content',
};

// Mantine's autosize textarea listens for web fonts; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

let objectUrls = 0;
beforeEach(async () => {
  await loadPageTexts(['chat']);
  objectUrls = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    objectUrls += 1;
    return `blob:http://localhost/thumb-${objectUrls}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function chooseFiles(files: File[]) {
  const input = screen.getByTestId('chat-file-input') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  fireEvent.change(input);
}

describe('chat attachments', () => {
  it('shows sizes in Bytes, KB, MB, GB and TB', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(2_048)).toBe('2 KB');
    expect(formatBytes(1.5 * 1024 ** 2)).toBe('1.5 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatBytes(1024 ** 4)).toBe('1 TB');
  });

  it('uploads a document, waits while it is read, then sends its reference', {
    timeout: 15_000,
  }, async () => {
    let polls = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/v1/files/upload') return json(uploaded, 201);
      if (url === '/api/v1/files/processing/status/f-doc') {
        polls += 1;
        return json({ ...uploaded, status: polls >= 2 ? 'ready' : 'processing' });
      }
      return json({ code: 'E_NOT_FOUND', message: 'no' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSend = vi.fn();
    renderWithProviders(<Composer isStreaming={false} sendWithEnter onSend={onSend} onStop={() => {}} />);

    fireEvent.change(screen.getByRole('textbox', { name: '메시지' }), { target: { value: '요약해 줘' } });
    chooseFiles([new File(['%PDF-1.4'], '학급운영계획.pdf', { type: 'application/pdf' })]);

    const chip = await screen.findByRole('listitem', { name: '학급운영계획.pdf' });
    const send = screen.getByRole('button', { name: '보내기' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await waitFor(() => expect(chip.getAttribute('data-phase')).toBe('processing'));
    expect(chip.textContent).toContain('2 KB');
    const uploadCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/files/upload') as unknown as [
      string,
      RequestInit,
    ];
    expect((uploadCall[1].body as FormData).get('file')).toBeInstanceOf(File);

    await waitFor(() => expect(chip.getAttribute('data-phase')).toBe('ready'), { timeout: 5_000 });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith('요약해 줘', [
      {
        file_id: 'f-doc',
        filename: '학급운영계획.pdf',
        type: 'application/pdf',
        filepath: '/api/v1/files/f-doc/content',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '학급운영계획.pdf' })).toBeNull());
  });

  it('shows the catalogue message for a refused type and lets the teacher remove it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ code: 'E_FILE_001', message: 'refused' }, 400)),
    );
    renderWithProviders(<Composer isStreaming={false} sendWithEnter onSend={() => {}} onStop={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: '메시지' }), { target: { value: '봐 줘' } });
    chooseFiles([new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' })]);

    expect((await screen.findByRole('alert')).textContent).toBe('파일 업로드에 실패했습니다.');
    expect((screen.getByRole('button', { name: '보내기' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'setup.exe 첨부 빼기' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect((screen.getByRole('button', { name: '보내기' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('uploads an image to the images endpoint and previews it through a blob URL', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      json({ ...uploaded, file_id: 'f-img', filename: 'a.png', type: 'image/png', status: 'ready' }, 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Composer isStreaming={false} sendWithEnter onSend={() => {}} onStop={() => {}} />);
    chooseFiles([new File(['png'], 'a.png', { type: 'image/png' })]);
    const chip = await screen.findByRole('listitem', { name: 'a.png' });
    expect(chip.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/);
    await waitFor(() => expect(chip.getAttribute('data-phase')).toBe('ready'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/files/upload/images');
  });

  it('shows a sent image as a thumbnail fetched with the token, and a document as a chip', async () => {
    const fetchMock = vi.fn(
      async (_url: string) => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <MessageAttachments
        files={[
          {
            file_id: 'f-img',
            filename: '칠판.png',
            type: 'image/png',
            filepath: '/api/v1/files/f-img/content',
          },
          { file_id: 'f-doc', filename: '계획.hwp', type: 'application/x-hwp' },
        ]}
      />,
    );
    const image = await screen.findByRole('img', { name: '칠판.png' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/files/f-img/content');
    expect(screen.getByText('계획.hwp')).toBeTruthy();
  });

  it('takes files pasted into the message box or dropped onto the composer', async () => {
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        n += 1;
        return json({ ...uploaded, file_id: `f-${n}`, status: 'ready' }, 201);
      }),
    );
    renderWithProviders(<Composer isStreaming={false} sendWithEnter onSend={() => {}} onStop={() => {}} />);
    const textbox = screen.getByRole('textbox', { name: '메시지' });
    fireEvent.paste(textbox, {
      clipboardData: { files: [new File(['a'], '붙여넣기.png', { type: 'image/png' })], types: ['Files'] },
    });
    expect(await screen.findByRole('listitem', { name: '붙여넣기.png' })).toBeTruthy();
    const form = textbox.closest('form') as HTMLFormElement;
    fireEvent.drop(form, {
      dataTransfer: { files: [new File(['b'], '끌어놓기.txt', { type: 'text/plain' })], types: ['Files'] },
    });
    expect(await screen.findByRole('listitem', { name: '끌어놓기.txt' })).toBeTruthy();
  });
});
