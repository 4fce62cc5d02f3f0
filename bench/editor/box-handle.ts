/** The class of a box's drag strip in the boxes page, which the driver grabs as it grabs the editor's column strip. */
export const BOX_HANDLE = 'box-handle';
