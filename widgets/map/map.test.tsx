import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import { boundsOf, locatedMarkers } from '../shared/map-markers';
import MapWidget from './index';

describe('map widget', () => {
  it("says 'Geo Location Not Found' when no place has coordinates", () => {
    renderInApp(<MapWidget data={{ markers: [{ label: 'New site', lat: null, lng: null }] }} />);
    expect(screen.getByText('Geo Location Not Found')).toBeTruthy();
    // And how to put a place on it, in a note as tall as its words.
    expect(
      screen.getByText(
        /^None of these places has coordinates yet\. Edit a place under Assets and click where it is on the form’s map/,
      ),
    ).toBeTruthy();
  });

  it('draws only places with both coordinates, framed together', () => {
    const located = locatedMarkers([
      { label: 'A', lat: 51.5, lng: -0.12 },
      { label: 'B', lat: null, lng: 2 },
      { label: 'C', lat: 51.45, lng: -0.97 },
    ]);
    expect(located.map((marker) => marker.label)).toEqual(['A', 'C']);
    expect(boundsOf(located)).toEqual([
      [51.45, -0.97],
      [51.5, -0.12],
    ]);
  });
});
