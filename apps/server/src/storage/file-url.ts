/** Stored files are served by /api/files; rows keep the storage key (product §7 paths), or an absolute address as the seed writes it. */
export const fileUrl = (key: string | null): string | null => (key === null ? null : /^(https?:)?\//.test(key) ? key : `/api/files/${key}`);
