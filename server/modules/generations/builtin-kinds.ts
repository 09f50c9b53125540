// The kinds this area brings (image, video); imported by routes.ts so they
// are registered before the runner starts.
import './image-kind.js';
import './video-kind.js';
