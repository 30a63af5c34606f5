#version 330 core
// Coverage of a rounded rectangle (filled, or a ring inside its edge) times a premultiplied
// colour, optionally multiplied by a premultiplied texel. See SceneCore's QuadInstance.
//
// Compiled in variants (see LayerProgram.swift), because a software rasteriser runs every
// branch of a shader: SHAPED computes coverage from the shape, TEXTURED samples the texture,
// CLIP_MASK writes only the stencil where the shape covers a pixel at least halfway, MASKED
// multiplies the output by the alpha of the mask texture (a masked group's composite),
// SCREEN_TEXTURED takes the colour from the texture's pixel under the fragment (a shape clip),
// GRADIENT draws the gradients of gradient quads (params.y 2 to 4: SceneCore's QuadPaint) from
// the frame's gradient texture, VIDEO converts a video frame's Y'CbCr planes (u_texture's red
// samples are Y) to RGB: 1 for I420 (U and V planes on units 2 and 3), 2 for NV12 (UV on unit 2).
// SIMPLE_SHAPES leaves out continuous corners and mixed edges; AFFINE_FILLS (SceneCore's
// ShapeCoverage.affineFill) computes a fill's coverage from per-quad constants, and with
// UNIFORM_FILLS (ShapeCoverage.uniformAffineFill) only that of a fill with one radius at every
// corner and every edge anti-aliased.

#if AFFINE_FILLS
// Without perspective, linear interpolation is the perspective-correct one.
noperspective in vec2 v_offset; // from the shape's centre (layer units)
flat in vec3 v_footprint;       // the pixel's footprint, see affineFillCoverage
#if UNIFORM_FILLS
flat in vec2 v_cornerCentre;    // the centre of the corner's circle: the half size less the radius
flat in vec2 v_axisSteps;       // pixels per layer unit along the layer's x and y
#else
flat in vec2 v_halfSize;        // the shape's half size (layer units)
#endif
#else
in vec2 v_position;
#endif
in vec2 v_uv;
flat in vec4 v_color;
flat in vec4 v_shapeRect;
flat in vec4 v_radii;
flat in vec4 v_params;

uniform sampler2D u_texture;
#if MASKED
uniform sampler2D u_mask;     // texture unit 1: the mask's layer, same size as u_texture
#endif
uniform float u_opacity;      // multiplies the output (group compositing); 1 otherwise
#if VIDEO
uniform sampler2D u_videoChroma;   // unit 2: U (I420), or U and V as red and green (NV12)
#if VIDEO == 1
uniform sampler2D u_videoChromaV;  // unit 3: V (I420)
#endif
uniform mat4 u_videoMatrix;        // (Y, U, V, 1) samples to RGB (SceneCore's VideoFrame.rgbMatrix)
#endif

out vec4 fragColor;

#include "rounded-rect"

// Layer units a distance along `direction` changes by per pixel, from the layer-space footprint
// of a pixel: exact under any affine or perspective transform.
float unitsPerPixel(vec2 direction, vec2 positionPerPixelX, vec2 positionPerPixelY) {
    return length(vec2(dot(positionPerPixelX, direction), dot(positionPerPixelY, direction)));
}

// The part of the pixel at p that a rounded rectangle covers. `edges` names the anti-aliased
// straight edges (bits 1, 2, 4, 8: minX, maxX, minY, maxY; SceneCore's EdgeAntialiasing): the
// edge on p's side of the centre along each axis is a ramp one pixel wide when named, else a
// hard step at the pixel centre, and the pixel takes the smaller. Within a corner's square the
// corner (curve, or a square corner's tip) counts too: anti-aliased unless `edges` is 0, so
// rounded corners stay smooth whatever straight edges are hard.
float rectCoverage(vec2 p, vec4 rect, vec4 radii, int edges, vec2 positionPerPixelX, vec2 positionPerPixelY) {
    vec2 offset = p - (rect.xy + 0.5 * rect.zw);
    vec2 sideDistance = abs(offset) - 0.5 * abs(rect.zw);
    ivec2 bits = ivec2(offset.x < 0.0 ? 1 : 2, offset.y < 0.0 ? 4 : 8);
    vec2 smoothed = vec2(notEqual(ivec2(edges) & bits, ivec2(0)));
    vec2 scale = vec2(unitsPerPixel(vec2(1.0, 0.0), positionPerPixelX, positionPerPixelY),
                      unitsPerPixel(vec2(0.0, 1.0), positionPerPixelX, positionPerPixelY));
    vec2 ramp = clamp(0.5 - sideDistance / max(scale, vec2(1e-6)), 0.0, 1.0);
    vec2 perAxis = mix(vec2(lessThanEqual(sideDistance, vec2(0.0))), ramp, smoothed);
    float coverage = min(perAxis.x, perAxis.y);
    vec2 gradient;
    float cornerDistance = roundedRectDistance(p, rect, radii, gradient);
    if (gradient.x != 0.0 && gradient.y != 0.0) {
        float cornerScale = unitsPerPixel(gradient, positionPerPixelX, positionPerPixelY);
        float corner = edges == 0 ? float(cornerDistance <= 0.0)
                                  : clamp(0.5 - cornerDistance / max(cornerScale, 1e-6), 0.0, 1.0);
        coverage = min(coverage, corner);
    }
    return coverage;
}

// Signed distance to the band `width` wide inside the shape's edge. The inner edge is the shape
// inset by `width` with radii reduced by `width`; when nothing is left inside, the band is the
// whole shape.
float ringDistance(vec2 p, float width, out vec2 gradient) {
    float outer = roundedRectDistance(p, v_shapeRect, v_radii, gradient);
    vec4 innerRect = vec4(v_shapeRect.xy + width, v_shapeRect.zw - 2.0 * width);
    if (innerRect.z <= 0.0 || innerRect.w <= 0.0) return outer;
    vec2 innerGradient;
    vec4 innerRadii = sign(v_radii) * max(abs(v_radii) - width, vec4(0.0));
    float inner = roundedRectDistance(p, innerRect, innerRadii, innerGradient);
    if (-inner > outer) {
        gradient = -innerGradient;
        return -inner;
    }
    return outer;
}

#if AFFINE_FILLS && !UNIFORM_FILLS
// The coverage of a fill with circular corners (radii already clamped to half the shorter side)
// and straight edges all anti-aliased or none, under a transform without perspective: the same
// ramp as shapeCoverage, one pixel wide along the distance's gradient g. A pixel's footprint in
// the layer (the layer units per pixel step along x and along y, X and Y) is the same over the
// whole quad; the units a distance changes by per pixel, |(X.g, Y.g)| for a unit g, come from
// v_footprint, the symmetric matrix X X' + Y Y' as (xx, xy, yy). The rounded rectangle's
// distance takes selects instead of branches.
float affineFillCoverage() {
    vec2 offset = v_offset;
    vec2 sideRadii = offset.x < 0.0 ? v_radii.xw : v_radii.yz;
    float radius = offset.y < 0.0 ? sideRadii.x : sideRadii.y;
    vec2 q = abs(offset) - v_halfSize + radius;
    bool corner = q.x > 0.0 && q.y > 0.0;
    float distance = (corner ? length(q) : max(q.x, q.y)) - radius;
    // The gradient up to its length and the signs of its parts (only their product matters).
    vec2 g = corner ? q : (q.x > q.y ? vec2(1.0, 0.0) : vec2(0.0, 1.0));
    float crossSign = offset.x * offset.y < 0.0 ? -1.0 : 1.0;
    float stretch = v_footprint.x * g.x * g.x + 2.0 * crossSign * v_footprint.y * g.x * g.y + v_footprint.z * g.y * g.y;
    float unitsAlongGradient = sqrt(stretch / dot(g, g));
    float coverage = v_params.z < 0.5 ? float(distance <= 0.0)
                                      : clamp(0.5 - distance / max(unitsAlongGradient, 1e-6), 0.0, 1.0);
    return v_params.w < 0.5 ? 1.0 : coverage;
}
#endif

#if UNIFORM_FILLS
// affineFillCoverage for a fill clipped to its shape, with one radius r at every corner and every
// straight edge anti-aliased (SceneCore's ShapeCoverage.uniformAffineFill), in fewer operations.
// Past the corner circle's centre by q, a pixel is nearer a corner or an edge when m = max(q, 0)
// is not zero: its distance is |m| - r along m, and the units along m come from the footprint
// as m'Fm / |m|^2. Otherwise the nearer edge is along the larger part of q, at q - r, and the
// units along that axis are constants of the quad.
float uniformFillCoverage() {
    float radius = v_radii.x;
    vec2 q = abs(v_offset) - v_cornerCentre;
    vec2 m = max(q, 0.0);
    vec2 m2 = m * m;
    float outside = sqrt(m2.x + m2.y);
    // m holds the offset's magnitudes past the centre: the cross term takes the sign of the
    // offset's parts' product.
    float crossTerm = v_offset.x * v_offset.y < 0.0 ? -v_footprint.y : v_footprint.y;
    float stretch = v_footprint.x * m2.x + v_footprint.z * m2.y + 2.0 * crossTerm * m.x * m.y;
    bool alongX = q.x > q.y;
    float pixels = outside > 0.0 ? (outside - radius) * outside * inversesqrt(stretch)
                                 : ((alongX ? q.x : q.y) - radius) * (alongX ? v_axisSteps.x : v_axisSteps.y);
    return clamp(0.5 - pixels, 0.0, 1.0);
}
#endif

// The part of the pixel the shape covers, or with a border width (params.x > 0) the band that
// wide inside the shape's edge: the shape less the shape inset by the width with radii reduced
// by the width (the whole shape when nothing is left inside). params.z names the anti-aliased
// edges (see `rectCoverage`). Every edge hard or every edge smooth, the common cases, take one
// signed distance; only a layer that anti-aliases some straight edges and not others pays for
// the edge-by-edge coverage.
float shapeCoverage() {
#if UNIFORM_FILLS
    return uniformFillCoverage();
#elif AFFINE_FILLS
    return affineFillCoverage();
#else
    // Derivatives are taken in uniform control flow.
    vec2 positionPerPixelX = dFdx(v_position);
    vec2 positionPerPixelY = dFdy(v_position);
    bool ring = v_params.x > 0.0;
    if (!ring && v_params.w < 0.5) return 1.0;
    int edges = int(v_params.z + 0.5);
    float width = v_params.x;
#if !SIMPLE_SHAPES
    if (edges == 0 || (edges & 15) == 15) {
#endif
        vec2 gradient;
        float edgeDistance = ring ? ringDistance(v_position, width, gradient)
                                  : roundedRectDistance(v_position, v_shapeRect, v_radii, gradient);
        if (edges == 0) return edgeDistance <= 0.0 ? 1.0 : 0.0;
        return clamp(0.5 - edgeDistance / max(unitsPerPixel(gradient, positionPerPixelX, positionPerPixelY), 1e-6),
                     0.0, 1.0);
#if !SIMPLE_SHAPES
    }
    float outer = rectCoverage(v_position, v_shapeRect, v_radii, edges, positionPerPixelX, positionPerPixelY);
    vec4 innerRect = vec4(v_shapeRect.xy + width, v_shapeRect.zw - 2.0 * width);
    if (!ring || innerRect.z <= 0.0 || innerRect.w <= 0.0) return outer;
    vec4 innerRadii = sign(v_radii) * max(abs(v_radii) - width, vec4(0.0));
    float inner = rectCoverage(v_position, innerRect, innerRadii, edges, positionPerPixelX, positionPerPixelY);
    return min(outer, 1.0 - inner);
#endif
#endif
}

#if GRADIENT
flat in vec4 v_gradientHeader;
flat in vec4 v_gradientEnd;
flat in vec4 v_gradientColor0;
flat in vec4 v_gradientColor1;
in float v_gradientT;
#if GRADIENT == 3
in vec4 v_gradientStraight;
#endif

// The texel `index` of the gradient texture (bound as u_texture), laid out GRADIENT_ROW wide.
vec4 gradientTexel(int index) {
    return texelFetch(u_texture, ivec2(index % GRADIENT_ROW, index / GRADIENT_ROW), 0);
}

// The premultiplied colour at layer point p of the gradient whose block (see SceneCore's
// GradientTexels) starts at texel `base`: (kind, stop count, start), (end), the stops' straight
// colours, then their locations four to a texel. The vertex shader passes the header, an axial
// gradient's location and, for the common two stops, the stops themselves, so that those take
// no texture reads per pixel; the GRADIENT 1 variant draws only those, with nothing else.
vec4 gradientColor(vec2 p, int base) {
    float t = v_gradientT;
#if GRADIENT == 2
    int kind = int(v_gradientHeader.x + 0.5);
    int count = int(v_gradientHeader.y + 0.5);
    vec2 start = v_gradientHeader.zw;
    vec2 d = v_gradientEnd.xy - start;
    if (kind == 1) {
        t = length((p - start) / abs(d));
    } else if (kind == 2) {
        float turn = (atan(p.y - start.y, p.x - start.x) - atan(d.y, d.x)) / 6.283185307179586;
        t = turn - floor(turn);
    }
#endif
#if GRADIENT == 3
    // Interpolated from the vertices (SceneCore's GradientShading.interpolated).
    vec4 colour = v_gradientStraight;
#elif GRADIENT == 1
    // An axial gradient of two stops (SceneCore's GradientShading.axialTwoStops).
    float lower = v_gradientEnd.z;
    float upper = v_gradientEnd.w;
    vec4 colour = t < lower ? v_gradientColor0
                : t < upper ? mix(v_gradientColor0, v_gradientColor1, (t - lower) / (upper - lower))
                            : v_gradientColor1;
#else
    int locations = base + 2 + count;
    vec4 colour = gradientTexel(base + 2 + count - 1);
    float previous = 0.0;
    for (int i = 0; i < count; ++i) {
        float location = gradientTexel(locations + i / 4)[i % 4];
        if (t < location) {
            vec4 upperColour = gradientTexel(base + 2 + i);
            colour = i == 0 ? upperColour
                            : mix(gradientTexel(base + 1 + i), upperColour, (t - previous) / (location - previous));
            break;
        }
        previous = location;
    }
#endif
    return vec4(colour.rgb * colour.a, colour.a);
}
#endif

void main() {
#if CLIP_MASK
    vec2 unusedGradient;
    if (roundedRectDistance(v_position, v_shapeRect, v_radii, unusedGradient) > 0.0) discard;
    fragColor = vec4(0.0);
#else
    vec4 color = v_color;
#if SCREEN_TEXTURED
    color = texelFetch(u_texture, ivec2(gl_FragCoord.xy), 0);
#endif
#if VIDEO
    vec3 samples = vec3(texture(u_texture, v_uv).r, 0.0, 0.0);
#if VIDEO == 1
    samples.y = texture(u_videoChroma, v_uv).r;
    samples.z = texture(u_videoChromaV, v_uv).r;
#else
    samples.yz = texture(u_videoChroma, v_uv).rg;
#endif
    color *= vec4(clamp((u_videoMatrix * vec4(samples, 1.0)).rgb, 0.0, 1.0), 1.0);
#elif TEXTURED
    // Sampled with explicit gradients: untextured quads of a textured batch skip the fetch.
    vec2 uvPerPixelX = dFdx(v_uv);
    vec2 uvPerPixelY = dFdy(v_uv);
    if (v_params.y > 0.5) color *= textureGrad(u_texture, v_uv, uvPerPixelX, uvPerPixelY);
#endif
#if MASKED
    color *= texture(u_mask, v_uv).a;
#endif
#if GRADIENT && AFFINE_FILLS
    // An affine fill passes the offset from the shape's centre instead of the layer point.
    if (v_params.y > 1.5) color *= gradientColor(v_offset + v_shapeRect.xy + 0.5 * v_shapeRect.zw, int(v_uv.x + 0.5));
#elif GRADIENT
    if (v_params.y > 1.5) color *= gradientColor(v_position, int(v_uv.x + 0.5));
#endif
#if SHAPED
    color *= shapeCoverage();
#endif
    fragColor = color * u_opacity;
#endif
}
