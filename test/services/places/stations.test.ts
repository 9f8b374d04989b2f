import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { priceOf } from '../../../services/places/stations.js';
import type { HeldPrice, HeldStation } from '../../../data/places-repo.js';

const at = (day: number) => `2026-08-${String(day).padStart(2, '0')}T06:00:00.000Z`;
const held = (prices: Partial<HeldPrice>[]): HeldStation => ({
  source: 'mimit', id: '1', name: null, brand: null, address: null, city: null, country: 'IT', lat: 46, lon: 13, services: [], opening_hours: null,
  prices: prices.map((p) => ({ grade: 'diesel', local_name: 'Gasolio', price: 1.8, currency: 'EUR', reported_at: at(20), self_service: true, ...p })),
});

describe('the price a station shows for a grade', () => {
  it('prefers self-service, then the latest report, then the cheaper of two products of the grade', () => {
    assert.equal(priceOf(held([{ self_service: false, price: 1.7, reported_at: at(21) }, { price: 1.9 }]), 'diesel')!.price, 1.9, 'self-service over a newer served price');
    assert.equal(priceOf(held([{ price: 1.7 }, { local_name: 'Gasolio artico', price: 1.85, reported_at: at(21) }]), 'diesel')!.local_name, 'Gasolio artico', 'the latest report');
    assert.equal(priceOf(held([{ price: 1.8 }, { local_name: 'Gasolio artico', price: 1.75 }]), 'diesel')!.local_name, 'Gasolio artico', 'same time: the cheaper');
    assert.equal(priceOf(held([{ self_service: null, price: 1.6, reported_at: at(19) }, { self_service: null, price: 1.5 }]), 'diesel')!.price, 1.5, 'neither stated: the latest');
    assert.equal(priceOf(held([{ price: 1.8 }]), 'lpg'), null, 'a grade the station does not report');
  });
});
