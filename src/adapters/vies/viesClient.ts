import { VatNumberCheckUnavailableException } from '../../core/errors.ts';
import { normalizeVatNumber } from '../../core/vat/rates.ts';

/**
 * VAT number validation with VIES (eu-vat-rules.md c: confirm number, name and address; store the
 * consultation number and the time). The REST endpoint of the European Commission by default;
 * VIES_URL points elsewhere (tests run a local double). A VIES outage is a 503, never a guess.
 */
export interface ViesResult {
  vat_number: string;
  valid: boolean;
  name: string | null;
  address: string | null;
  consultation_number: string | null;
  checked_at: string;
}

export interface VatNumberVerifier {
  verify(vatNumber: string, requesterVatNumber?: string | null): Promise<ViesResult>;
}

export const DEFAULT_VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

export function viesVerifier(url?: string): VatNumberVerifier {
  return {
    async verify(vatNumber, requesterVatNumber) {
      const number = normalizeVatNumber(vatNumber);
      const requester = requesterVatNumber ? normalizeVatNumber(requesterVatNumber) : null;
      const body = {
        countryCode: number.slice(0, 2),
        vatNumber: number.slice(2),
        ...(requester ? { requesterMemberStateCode: requester.slice(0, 2), requesterNumber: requester.slice(2) } : {}),
      };
      let res: Response;
      try {
        res = await fetch(url ?? process.env.VIES_URL ?? DEFAULT_VIES_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(8000),
        });
      } catch (err) {
        throw new VatNumberCheckUnavailableException(`VIES could not be reached: ${(err as Error).message}`);
      }
      if (!res.ok) throw new VatNumberCheckUnavailableException(`VIES answered HTTP ${res.status}`);
      const r = (await res.json()) as {
        valid?: boolean;
        name?: string;
        address?: string;
        requestIdentifier?: string;
        requestDate?: string;
        userError?: string;
      };
      if (typeof r.valid !== 'boolean') throw new VatNumberCheckUnavailableException(`VIES gave no answer (${r.userError ?? 'unknown'})`);
      const clean = (v?: string) => (v && v !== '---' ? v : null);
      return {
        vat_number: number,
        valid: r.valid,
        name: clean(r.name),
        address: clean(r.address),
        consultation_number: clean(r.requestIdentifier),
        checked_at: r.requestDate ?? new Date().toISOString(),
      };
    },
  };
}
