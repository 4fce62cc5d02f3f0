import { HttpResponse, http } from 'msw';

/**
 * A floor's drawing, as the gallery shows every floor plan's stored picture
 * (the contracts' examples name a FLOOR_PLAN key no server holds): outer
 * walls, a corridor and rooms, at the examples' 1600 × 1000.
 */
const FLOOR_DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">
<rect width="1600" height="1000" fill="#fafaf7"/>
<g fill="none" stroke="#4a5568" stroke-width="10">
<rect x="40" y="40" width="1520" height="920"/>
<path d="M40 440H1560M40 560H1560M560 40V440M1000 40V440M400 560V960M900 560V960M1250 560V960"/>
</g>
<g fill="#fafaf7"><rect x="240" y="430" width="80" height="20"/><rect x="740" y="430" width="80" height="20"/>
<rect x="1240" y="430" width="80" height="20"/><rect x="180" y="550" width="80" height="20"/>
<rect x="620" y="550" width="80" height="20"/><rect x="1040" y="550" width="80" height="20"/>
<rect x="1380" y="550" width="80" height="20"/></g>
<g font-family="sans-serif" font-size="28" fill="#718096">
<text x="70" y="90">Open office</text><text x="590" y="90">Meeting room</text><text x="1030" y="90">Kitchen</text>
<text x="70" y="610">Store</text><text x="430" y="610">Server room</text><text x="930" y="610">Plant room</text>
<text x="1280" y="610">Reception</text></g>
</svg>`;

/** The gallery's stored pictures: every floor plan's key answers with the drawing. */
export function examplePictureHandlers() {
  return [
    http.get(
      '*/files/FLOOR_PLAN/:name',
      () => new HttpResponse(FLOOR_DRAWING, { headers: { 'content-type': 'image/svg+xml' } }),
    ),
  ];
}
