/** A multipart/form-data body with one file, for `app.inject`. */
export function multipartFile(field: string, filename: string, content: Buffer, contentType: string) {
  const boundary = `----trailbuddy${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body with several parts (files and plain fields), for `app.inject`. */
export function multipartForm(parts: ({ field: string; value: string } | { field: string; filename: string; content: Buffer | string })[]) {
  const boundary = `----trailbuddy${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) =>
    'value' in p
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`)]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
          Buffer.from('\r\n'),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
