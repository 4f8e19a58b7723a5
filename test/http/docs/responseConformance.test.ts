import { expect } from 'chai';
import Koa from 'koa';
import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Api } from '../../../src/http/api.ts';
import { errorHandler } from '../../../src/http/errorHandler.ts';
import { responseConformance } from '../../../src/http/responseConformance.ts';
import { registerRoot } from '../../../src/http/routeTable.ts';
import { ResourceNotFoundException } from '../../../src/core/errors.ts';
import type { Services } from '../../../src/runtime/services.ts';
import pino from 'pino';

/**
 * The check the test app runs on every answer: an answer that is not what its route documents
 * is reported, so the test that produced it fails.
 */
describe('the response check of the test suites', () => {
  let server: Server;
  let url: string;
  const drifts: string[] = [];

  before(async () => {
    const api = new Api({} as Services, 'public');
    const Thing = Type.Object({ id: Type.Integer(), name: Type.String() });
    api.get('/things/:id', { summary: 'A thing', params: Type.Object({ id: Type.Integer() }), responses: { 200: Thing } }, (ctx, { params }) => {
      if (params.id === 1) ctx.body = { id: 1, name: 'one' };
      else if (params.id === 2) ctx.body = { id: '2', name: null };
      else if (params.id === 3) ctx.status = 202;
      else throw new ResourceNotFoundException('no such thing');
    });
    const app = new Koa();
    app.use(responseConformance(app, (d) => drifts.push(d)));
    app.use(errorHandler(pino({ level: 'silent' })));
    const root = new Router();
    root.use('/api/v1/public', api.router.routes());
    app.use(root.routes());
    registerRoot(app, root);
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/public/things`;
  });
  after(() => server.close());
  beforeEach(() => { drifts.length = 0; });

  it('reports nothing for an answer that matches its schema, nor for a documented problem', async () => {
    await fetch(`${url}/1`);
    await fetch(`${url}/9`);
    await fetch(`${url}/x`);
    expect(drifts).to.deep.equal([]);
  });

  it('reports a body that does not match the schema of its status, naming the field', async () => {
    await fetch(`${url}/2`);
    expect(drifts).to.have.length(1);
    expect(drifts[0]).to.contain('GET /api/v1/public/things/:id → 200').and.contain('/id must be integer').and.contain('/name must be string');
  });

  it('reports a status the route does not document', async () => {
    await fetch(`${url}/3`);
    expect(drifts).to.have.length(1);
    expect(drifts[0]).to.contain('→ 202: status not documented');
  });
});
