import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A tiny authoritative DNS server on 127.0.0.1 for the custom domain verification tests: it
 * answers TXT questions from `records` (name → strings) and NXDOMAIN otherwise. Real UDP and the
 * real wire format (RFC 1035 §4), so node's resolver is exercised as in production.
 */
export interface TestDns {
  server: string;
  records: Map<string, string[]>;
  close(): Promise<void>;
}

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i] !== 0) {
    const len = msg[i];
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'));
    i += len + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 };
}

function answer(query: Buffer, records: Map<string, string[]>): Buffer {
  const { name, end } = readName(query, 12);
  const qtype = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const found = qtype === 16 ? records.get(name) : undefined;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(found ? 0x8400 : records.has(name) ? 0x8400 : 0x8403, 2); // response, authoritative, rcode
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(found ? found.length : 0, 6);
  const answers = (found ?? []).map((text) => {
    const data = Buffer.from(text, 'utf8');
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // pointer to the question name
    rr.writeUInt16BE(16, 2); // TXT
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(data.length + 1, 10);
    return Buffer.concat([rr, Buffer.from([data.length]), data]);
  });
  return Buffer.concat([header, question, ...answers]);
}

export async function startTestDns(): Promise<TestDns> {
  const records = new Map<string, string[]>();
  const socket: Socket = createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    try {
      socket.send(answer(msg, records), rinfo.port, rinfo.address);
    } catch {
      /* malformed question: no answer */
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return { server: `127.0.0.1:${port}`, records, close: () => new Promise((r) => socket.close(() => r())) };
}
