import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { defineCall } from '../../platform/http.ts';
import { checkUploadRequest, contentTypeOf, createSignedUrl, readUpload, storeUpload, uploadAccess, UPLOAD_MAX_BYTES } from './service.ts';

type FileParams = { Params: { file: string }; Querystring: { sig?: string; exp?: string } };

export function uploadRoutes(app: FastifyInstance, deps: Deps) {
  // Any signed-in audience (the `pathname` header picks which token is checked).
  // Any site's signed-in caller (the page says which audience's session it is).
  defineCall(app, deps, '/api/upload/getSignedUrl', { auth: 'required' }, async ({ auth, body }) => createSignedUrl(deps, auth, body.file_ext));
  // The admin's alert sounds (decision 039) take links of the same kind, counted in the same quota.
  defineCall(app, deps, '/api/admin/settings/sound/getSignedUrl', { auth: 'required' }, async ({ auth, body }) =>
    createSignedUrl(deps, auth, body.file_ext),
  );

  // The PUT gets its own scope: only here is an image/* (or, for the admin's sounds, audio/*) body accepted (as a Buffer, up to 5 MB),
  // and the link is checked before the body is read.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(/^(image|audio)\//, { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.put<FileParams>(
      '/uploads/put/:file',
      {
        bodyLimit: UPLOAD_MAX_BYTES,
        onRequest: async (req) =>
          checkUploadRequest(deps, {
            file: req.params.file,
            sig: req.query.sig,
            exp: req.query.exp,
            contentType: req.headers['content-type'],
            contentLength: req.headers['content-length'],
          }),
      },
      async (req, reply) => reply.send({ result: true, data: await storeUpload(deps, req.params.file, req.body) }),
    );
  });

  const serve = async (req: FastifyRequest<FileParams>, reply: FastifyReply) => {
    const gone = () => notFound('This image does not exist.', 'image_not_found');
    const bytes = await readUpload(deps, req.params.file);
    if (!bytes) throw gone();
    // An image content uses is public for good; one nothing uses yet, only while its uploader's session lives (decision 051).
    const access = await uploadAccess(deps, req.params.file);
    if (access === 'gone') throw gone();
    return reply
      .header('content-type', contentTypeOf(req.params.file))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', access === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store')
      .send(bytes);
  };
  app.get<FileParams>('/uploads/put/:file', serve);
  app.get<FileParams>('/uploads/:file', serve);
}
