/**
 * The uploaded bytes, from a multipart form (the field `picture`, else the first file) or a
 * raw body. The declared type is ignored: the service checks the bytes themselves.
 */
export async function readUploadedPicture(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) return new Uint8Array(await request.arrayBuffer());
  const form = await request.formData().catch(() => null);
  const named = form?.get("picture");
  const file = named instanceof File ? named : [...(form?.values() ?? [])].find((value) => value instanceof File);
  return file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
}
