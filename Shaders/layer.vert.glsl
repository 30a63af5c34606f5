#version 330 core
// One quad per instance, drawn as a 4-vertex triangle strip: the corner comes from gl_VertexID.
// The per-instance attributes are exactly SceneCore's QuadInstance (144 bytes, divisor 1).

// Layer space -> clip space: rows 1, 2 and 4 of the row-vector matrix (a layer point's z is 0).
layout(location = 0) in vec4 a_transformX;      // clip-space step per layer unit along x
layout(location = 1) in vec4 a_transformY;      // clip-space step per layer unit along y
layout(location = 2) in vec4 a_transformOrigin; // where the layer's origin goes
layout(location = 3) in vec4 a_rect;        // x, y, width, height (layer space)
layout(location = 4) in vec4 a_uv;          // u0, v0 at (minX, minY); u1, v1 at (maxX, maxY)
layout(location = 5) in vec4 a_color;       // premultiplied
layout(location = 6) in vec4 a_shapeRect;   // the rounded rectangle coverage is computed against
layout(location = 7) in vec4 a_radii;       // minX/minY, maxX/minY, maxX/maxY, minX/maxY
layout(location = 8) in vec4 a_params;      // QuadParameters: border, paint, smooth edges, clip to shape

uniform vec2 u_viewportSize;                // target size in pixels

#if AFFINE_FILLS
noperspective out vec2 v_offset;            // from the shape's centre (w is the same over the quad)
flat out vec3 v_footprint;                  // a pixel's footprint in the layer (layer.frag.glsl)
#if UNIFORM_FILLS
flat out vec2 v_cornerCentre;               // where the corners' circles are centred (layer.frag.glsl)
flat out vec2 v_axisSteps;                  // pixels per layer unit along the layer's x and y
#else
flat out vec2 v_halfSize;                   // the shape's half size
#endif
#else
out vec2 v_position;                        // layer space, interpolated perspective-correctly
#endif
out vec2 v_uv;
flat out vec4 v_color;
flat out vec4 v_shapeRect;
flat out vec4 v_radii;
flat out vec4 v_params;

#if GRADIENT
// The gradient of a gradient quad (params.y 2 to 4), read once per vertex from its block in the
// frame's gradient texture (SceneCore's GradientTexels), bound as u_texture.
uniform sampler2D u_texture;
flat out vec4 v_gradientHeader;             // kind, stop count, start point
flat out vec4 v_gradientEnd;                // end point; with two stops, their locations
flat out vec4 v_gradientColor0;             // with two stops, their straight colours
flat out vec4 v_gradientColor1;
out float v_gradientT;                      // an axial gradient's location, affine in the layer
#if GRADIENT == 3
out vec4 v_gradientStraight;                // an interpolated gradient's straight colour
#endif

vec4 gradientTexel(int index) {
    return texelFetch(u_texture, ivec2(index % GRADIENT_ROW, index / GRADIENT_ROW), 0);
}

void passGradient(vec2 position) {
    if (a_params.y < 1.5) return;
    int base = int(a_uv.x + 0.5);
    v_gradientHeader = gradientTexel(base);
    v_gradientEnd = gradientTexel(base + 1);
    if (int(v_gradientHeader.y + 0.5) == 2) {
        v_gradientColor0 = gradientTexel(base + 2);
        v_gradientColor1 = gradientTexel(base + 3);
        v_gradientEnd.zw = gradientTexel(base + 4).xy;
    }
    vec2 start = v_gradientHeader.zw;
    vec2 d = v_gradientEnd.xy - start;
    float lengthSquared = dot(d, d);
    v_gradientT = lengthSquared > 0.0 ? dot(position - start, d) / lengthSquared : 1.0;
#if GRADIENT == 3
    // Between the stops at every corner (SceneCore's GradientShading.interpolated): the colour
    // is affine over the quad.
    float span = v_gradientEnd.w - v_gradientEnd.z;
    float s = span > 0.0 ? clamp((v_gradientT - v_gradientEnd.z) / span, 0.0, 1.0) : 0.0;
    v_gradientStraight = mix(v_gradientColor0, v_gradientColor1, s);
#endif
}
#endif

// The clip-space position of layer point p.
vec4 toClip(vec2 p) {
    return p.x * a_transformX + p.y * a_transformY + a_transformOrigin;
}

// Pixels per layer unit along the less magnified axis at layer point p, or 0 behind the eye.
float pixelsPerUnit(vec2 p) {
    vec4 clip = toClip(p);
    if (clip.w <= 0.0) return 0.0;
    vec2 halfViewport = 0.5 * u_viewportSize;
    float wSquared = clip.w * clip.w;
    vec2 alongX = (a_transformX.xy * clip.w - clip.xy * a_transformX.w) / wSquared * halfViewport;
    vec2 alongY = (a_transformY.xy * clip.w - clip.xy * a_transformY.w) / wSquared * halfViewport;
    return min(length(alongX), length(alongY));
}

// How far, in layer units, to grow the quad past the shape's edge so that the outer half of the
// anti-aliasing ramp gets rasterised: one pixel at the least magnified corner, at most the
// quad's own size.
float antialiasingPadding() {
    float smallest = 1e30;
    for (int i = 0; i < 4; ++i) {
        vec2 corner = vec2(float(i & 1), float(i >> 1));
        float scale = pixelsPerUnit(a_rect.xy + corner * a_rect.zw);
        if (scale <= 0.0) return 0.0;
        smallest = min(smallest, scale);
    }
    return min(1.0 / smallest, max(a_rect.z, a_rect.w));
}

#if AFFINE_FILLS
// What a fill without perspective (SceneCore's ShapeCoverage.affineFill) passes: the offset of
// `position` from the shape's centre, and per quad the shape's half size (or, with one radius
// at every corner, where the corner's circle is centred), its radii clamped to half the shorter
// side, and the pixel's footprint. Window pixels move by A per layer unit along x and by B along
// y; the footprint's steps X and Y (layer units per pixel along x and y) are the columns of
// [A B]'s inverse.
void passAffineFill(vec2 position) {
    vec2 halfSize = 0.5 * abs(a_shapeRect.zw);
    v_offset = position - (a_shapeRect.xy + 0.5 * a_shapeRect.zw);
    v_radii = clamp(abs(a_radii), 0.0, min(halfSize.x, halfSize.y));
#if UNIFORM_FILLS
    v_cornerCentre = halfSize - v_radii.x;
#else
    v_halfSize = halfSize;
#endif
    vec2 pixelsPerUnit = 0.5 * u_viewportSize / a_transformOrigin.w;
    vec2 A = a_transformX.xy * pixelsPerUnit;
    vec2 B = a_transformY.xy * pixelsPerUnit;
    float determinant = A.x * B.y - A.y * B.x;
    // Seen edge-on, nothing is drawn; a huge footprint keeps the arithmetic finite.
    vec4 steps = abs(determinant) > 1e-20 ? vec4(B.y, -A.y, -B.x, A.x) / determinant : vec4(1e6);
    vec2 X = steps.xy;
    vec2 Y = steps.zw;
    v_footprint = vec3(X.x * X.x + Y.x * Y.x, X.x * X.y + Y.x * Y.y, X.y * X.y + Y.y * Y.y);
#if UNIFORM_FILLS
    // A pixel spans sqrt(footprint.xx) layer units along x and sqrt(footprint.yy) along y.
    v_axisSteps = inversesqrt(v_footprint.xz);
#endif
}
#endif

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 low = a_rect.xy;
    vec2 high = a_rect.xy + a_rect.zw;

#if SHAPED
    bool coverageFromShape = a_params.x > 0.0 || a_params.w > 0.5;
    // Anti-aliased straight edges: bits 1, 2, 4, 8 at minX, maxX, minY, maxY (SceneCore's EdgeAntialiasing).
    int edges = int(a_params.z + 0.5);
    if ((edges & 15) != 0 && coverageFromShape && a_rect.z > 0.0 && a_rect.w > 0.0) {
        // Grow only the sides that reach an anti-aliased edge of the shape: a quad that is one
        // slice of a larger shape must not spill into its neighbours, and past a hard edge
        // nothing is covered.
        float pad = antialiasingPadding();
        vec2 shapeLow = a_shapeRect.xy;
        vec2 shapeHigh = a_shapeRect.xy + a_shapeRect.zw;
        vec2 smoothLow = vec2(notEqual(ivec2(edges & 1, edges & 4), ivec2(0)));
        vec2 smoothHigh = vec2(notEqual(ivec2(edges & 2, edges & 8), ivec2(0)));
        low -= pad * smoothLow * vec2(lessThanEqual(low, shapeLow + 1e-3));
        high += pad * smoothHigh * vec2(greaterThanEqual(high, shapeHigh - 1e-3));
    }
#endif

    vec2 position = mix(low, high, corner);
    vec2 along = vec2(a_rect.z != 0.0 ? (position.x - a_rect.x) / a_rect.z : corner.x,
                      a_rect.w != 0.0 ? (position.y - a_rect.y) / a_rect.w : corner.y);

    v_uv = mix(a_uv.xy, a_uv.zw, along);
    v_color = a_color;
    v_shapeRect = a_shapeRect;
    v_radii = a_radii;
    v_params = a_params;
#if GRADIENT
    passGradient(position);
#endif
#if AFFINE_FILLS
    passAffineFill(position);
#else
    v_position = position;
#endif
    gl_Position = toClip(position);
}
