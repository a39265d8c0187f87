/** A multipart/form-data body with one file part, as a browser's FormData sends it, and its Content-Type. */
export function multipartFile(field: string, filename: string, type: string, bytes: Uint8Array, boundary = '----portal-test-boundary') {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
