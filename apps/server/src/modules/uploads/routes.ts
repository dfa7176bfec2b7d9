import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import { defineCall } from '../../platform/http.ts';
import { checkUploadRequest, contentTypeOf, createSignedUrl, readUpload, storeUpload, UPLOAD_MAX_BYTES } from './service.ts';

type FileParams = { Params: { file: string }; Querystring: { sig?: string; exp?: string } };

export function uploadRoutes(app: FastifyInstance, deps: Deps) {
  // Any signed-in audience (the `pathname` header picks which token is checked).
  defineCall(app, deps, '/api/upload/getSignedUrl', { auth: 'optional' }, async ({ auth, body }) => {
    if (!auth) throw unauthorized();
    return createSignedUrl(deps, `${auth.audience}:${auth.subjectId}`, body.file_ext);
  });

  // The PUT gets its own scope: only here is an image/* body accepted (as a Buffer, up to 5 MB),
  // and the link is checked before the body is read.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_req, body, done) => done(null, body));
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
    const bytes = await readUpload(deps, req.params.file);
    if (!bytes) throw notFound('This image does not exist.', 'image_not_found');
    return reply
      .header('content-type', contentTypeOf(req.params.file))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  };
  app.get<FileParams>('/uploads/put/:file', serve);
  app.get<FileParams>('/uploads/:file', serve);
}
