import type { VaultFile, VaultStatus } from '@helo/contract/vault';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../../test/render.tsx';
import { VaultPage } from './vault-page.tsx';

// The server, seen through the real API client (so its answers are checked against the contract).
const server = vi.hoisted(() => ({
  calls: [] as { method: string; path: string; body: unknown }[],
  active: false,
  files: [] as VaultFile[],
}));

const MB = 1024 * 1024;
const status = (): VaultStatus => ({
  active: server.active,
  activated_at: server.active ? '2026-03-01T09:00:00.000Z' : null,
  used_bytes: server.files.reduce((sum, f) => sum + f.size_bytes, 0),
  quota_bytes: 500 * MB,
  file_max_bytes: 20 * MB,
  file_count: server.files.length,
  max_files: 1000,
});
const stored = (id: string, name: string, kind: VaultFile['kind'], size: number, day: string): VaultFile => ({
  id,
  name,
  kind,
  mime_type: kind === 'pdf' ? 'application/pdf' : 'image/png',
  size_bytes: size,
  uploaded_at: `${day}T10:00:00.000Z`,
  updated_at: `${day}T10:00:00.000Z`,
});

vi.mock('../../lib/auth.ts', async () => {
  const { signedInStore, testApiClient } = await import('../../test/api-client.ts');
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url).replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    server.calls.push({ method, path, body });
    if (path === '/v1/vault') return Response.json({ data: status() });
    if (path === '/v1/vault/activate') {
      server.active = true;
      return Response.json({ data: status() });
    }
    if (path === '/v1/vault/files') return Response.json({ data: server.files });
    const id = /^\/v1\/vault\/files\/([^/]+)$/.exec(path)?.[1];
    const file = server.files.find((f) => f.id === id);
    if (!file) return Response.json({ message: 'File not found' }, { status: 404 });
    if (method === 'PATCH') {
      if (!String(body.name).endsWith('.pdf')) {
        const message = 'The name must end with .pdf, the type of this file';
        return Response.json({ message, errors: [{ path: 'name', message }] }, { status: 400 });
      }
      Object.assign(file, { name: body.name });
      return Response.json({ message: 'File renamed', data: file });
    }
    if (method === 'DELETE') {
      server.files = server.files.filter((f) => f !== file);
      return Response.json({ message: 'File deleted', data: { file, vault: status() } });
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  };
  return { api: testApiClient(fetch, signedInStore()) };
});

const toasts = vi.hoisted(() => [] as [string, string][]);
vi.mock('../../lib/toaster.tsx', () => ({
  mountToaster: async () => (type: string, text: string) => void toasts.push([type, text]),
}));

/** The upload's XMLHttpRequest: the server stores the file, or refuses a name ending in .exe.pdf. */
class FakeUpload {
  static sent: string[] = [];
  status = 0;
  responseText = '';
  upload = { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(form: FormData) {
    const file = form.get('file') as File;
    FakeUpload.sent.push(file.name);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      if (file.name.endsWith('.exe.pdf')) {
        this.status = 400;
        this.responseText = JSON.stringify({ message: 'This file is not a PDF: it is a program.' });
      } else {
        const added = stored(`n${FakeUpload.sent.length}`, file.name, 'pdf', file.size, '2026-03-09');
        server.files.push(added);
        this.status = 201;
        this.responseText = JSON.stringify({ data: { file: added, vault: status() } });
      }
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  server.calls.length = 0;
  toasts.length = 0;
  server.active = false;
  server.files = [];
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  renderWithClient(
    <main>
      <VaultPage />
    </main>,
  );
  return userEvent.setup();
}

// jsdom applies no stylesheet: the phone's cards and the desktop's table are both there; the cards are read.
const cards = () => screen.getByRole('list', { name: 'Files' });
const cardNames = () =>
  within(cards())
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('the Vault page', () => {
  it('says what the Vault does before activation, and shows the Vault once Activate is pressed', async () => {
    const user = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vault' })).toBeInTheDocument();
    expect(screen.getByText(/encrypted before it is stored/)).toBeInTheDocument();
    expect(screen.getByText(/Up to 20 MB a file and 500 MB in all/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('0 B of 500 MB used')).toBeInTheDocument();
    expect(await screen.findByText(/No files yet/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/v1/vault/activate')).toHaveLength(1);
  });

  it('lists the files, searches them by name and sorts them', async () => {
    server.active = true;
    server.files = [
      stored('a', 'Tax return 2025.pdf', 'pdf', Math.round(1.5 * MB), '2026-02-01'),
      stored('b', 'Receipt.png', 'png', 3584, '2026-03-01'),
      stored('c', 'Lease.pdf', 'pdf', 900, '2026-01-01'),
    ];
    const user = renderPage();
    expect(await screen.findByText('1.5 MB of 500 MB used')).toBeInTheDocument();
    await vi.waitFor(() => expect(cardNames()).toEqual(['Receipt.png', 'Tax return 2025.pdf', 'Lease.pdf']));
    expect(within(cards()).getByText('3.5 KB')).toBeInTheDocument();
    expect(within(cards()).getByText('PNG image')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sort'), 'Largest first');
    expect(cardNames()).toEqual(['Tax return 2025.pdf', 'Receipt.png', 'Lease.pdf']);
    await user.selectOptions(screen.getByLabelText('Sort'), 'Name, A to Z');
    expect(cardNames()).toEqual(['Lease.pdf', 'Receipt.png', 'Tax return 2025.pdf']);

    await user.type(screen.getByLabelText('Search by name'), 'TAX');
    expect(cardNames()).toEqual(['Tax return 2025.pdf']);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('1 of 3 files match');
    await user.clear(screen.getByLabelText('Search by name'));
    await user.type(screen.getByLabelText('Search by name'), 'invoice');
    expect(screen.getByText('No file name holds “invoice”.')).toBeInTheDocument();
  });

  it("uploads several files with their results, the server's refusal included, and refuses an oversized one unsent", async () => {
    server.active = true;
    const user = renderPage();
    await screen.findByText(/No files yet/);
    const big = new File(['x'], 'Scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 21 * MB });
    const good = new File(['%PDF-1.4 statement'], 'Statement.pdf', { type: 'application/pdf' });
    const fake = new File(['MZ'], 'Invoice.exe.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Files to add to the Vault'), [good, fake, big]);

    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(uploads).findByText('Added')).toBeInTheDocument();
    expect(await within(uploads).findByText('This file is not a PDF: it is a program.')).toBeInTheDocument();
    expect(within(uploads).getByText('Not sent: 21 MB is over the 20 MB a file can be.')).toBeInTheDocument();
    expect(FakeUpload.sent).toEqual(['Statement.pdf', 'Invoice.exe.pdf']);
    await vi.waitFor(() => expect(cardNames()).toEqual(['Statement.pdf']));
    expect(screen.getByText('1 file')).toBeInTheDocument();
  });

  it("renames a file, with the server's refusal on the name field, and deletes one after confirming", async () => {
    server.active = true;
    server.files = [stored('a', 'Lease.pdf', 'pdf', 900, '2026-01-01')];
    const user = renderPage();
    await vi.waitFor(() => expect(cardNames()).toEqual(['Lease.pdf']));

    await user.click(within(cards()).getByRole('button', { name: 'Rename Lease.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename “Lease.pdf”' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Lease.png');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('The name must end with .pdf, the type of this file')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.clear(name);
    await user.type(name, 'Flat lease 2026.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await vi.waitFor(() => expect(cardNames()).toEqual(['Flat lease 2026.pdf']));
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(toasts).toContainEqual(['success', 'File renamed']));

    await user.click(within(cards()).getByRole('button', { name: 'Delete Flat lease 2026.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Flat lease 2026.pdf”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText(/No files yet/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/v1/vault/files/a']);
    await vi.waitFor(() => expect(toasts).toContainEqual(['success', 'File deleted']));
    expect(screen.getByText('0 files')).toBeInTheDocument();
    // The card is gone with its buttons (and the search with the last file): the list's place has the focus.
    await vi.waitFor(() => expect(document.activeElement).toContainElement(screen.getByText(/No files yet/)));
  });
});
