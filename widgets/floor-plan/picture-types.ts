/** The plan formats the server takes (floorPlanCreate, floorPlanImage), and what a file field offers. */
export const PICTURE_TYPES = 'image/png,image/jpeg,image/webp,image/svg+xml';
