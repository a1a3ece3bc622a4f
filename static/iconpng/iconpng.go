// Package iconpng draws Tablemate's square SVG icons as PNG, for the
// places that take no SVG: iOS's apple-touch-icon (180×180) and the web
// app manifest's 192 and 512 pixel maskable icons. It reads the small
// subset of SVG the icons are written in (rect with rx and a rotate
// transform, circle, solid hex fills) and refuses anything else, so a
// changed icon that it cannot draw fails its test instead of drawing
// wrong. scripts/icons writes the PNGs into static/icons; the test checks
// that the committed files are what the SVG draws today.
package iconpng

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/vector"
)

// Sizes are the PNGs made from static/icons/maskable.svg, by file name.
var Sizes = map[string]int{
	"apple-touch-icon.png": 180,
	"maskable-192.png":     192,
	"maskable-512.png":     512,
}

// Source is the SVG the PNGs are drawn from.
const Source = "maskable.svg"

// Render draws svg as a size×size PNG.
func Render(svg []byte, size int) ([]byte, error) {
	img, err := Draw(svg, size)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Draw draws svg as a size×size image.
func Draw(svg []byte, size int) (*image.RGBA, error) {
	dec := xml.NewDecoder(bytes.NewReader(svg))
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	var scale float64
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		a := attrs(el)
		switch el.Name.Local {
		case "svg":
			var x, y, w, h float64
			if _, err := fmt.Sscanf(a["viewBox"], "%g %g %g %g", &x, &y, &w, &h); err != nil || x != 0 || y != 0 || w != h || w <= 0 {
				return nil, fmt.Errorf("iconpng: viewBox %q: want a square from 0 0", a["viewBox"])
			}
			scale = float64(size) / w
		case "rect", "circle":
			if scale == 0 {
				return nil, fmt.Errorf("iconpng: %s outside <svg>", el.Name.Local)
			}
			fill, err := hexColor(a["fill"])
			if err != nil {
				return nil, err
			}
			z := vector.NewRasterizer(size, size)
			if el.Name.Local == "rect" {
				err = rect(z, a, scale)
			} else {
				err = circle(z, a, scale)
			}
			if err != nil {
				return nil, err
			}
			z.DrawOp = draw.Over
			z.Draw(img, img.Bounds(), image.NewUniform(fill), image.Point{})
		default:
			return nil, fmt.Errorf("iconpng: cannot draw <%s>", el.Name.Local)
		}
	}
	if scale == 0 {
		return nil, fmt.Errorf("iconpng: no <svg>")
	}
	return img, nil
}

// known are the attributes Draw understands (or may ignore: they do not
// change the picture).
var known = map[string]bool{"xmlns": true, "viewBox": true, "role": true, "aria-label": true, "aria-hidden": true,
	"x": true, "y": true, "width": true, "height": true, "rx": true, "fill": true, "transform": true, "cx": true, "cy": true, "r": true}

func attrs(el xml.StartElement) map[string]string {
	m := map[string]string{}
	for _, a := range el.Attr {
		name := a.Name.Local
		if !known[name] {
			name = "?" + name
		}
		m[name] = a.Value
	}
	return m
}

func nums(a map[string]string, names ...string) ([]float64, error) {
	for k := range a {
		if strings.HasPrefix(k, "?") {
			return nil, fmt.Errorf("iconpng: cannot draw attribute %q", k[1:])
		}
	}
	out := make([]float64, len(names))
	for i, n := range names {
		s, ok := a[n]
		if !ok {
			if n == "x" || n == "y" || n == "rx" {
				continue
			}
			return nil, fmt.Errorf("iconpng: missing %s", n)
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("iconpng: %s=%q: %v", n, s, err)
		}
		out[i] = v
	}
	return out, nil
}

// rotation reads transform="rotate(deg cx cy)" (or none).
func rotation(t string) (deg, cx, cy float64, err error) {
	if t == "" {
		return 0, 0, 0, nil
	}
	if _, err := fmt.Sscanf(t, "rotate(%g %g %g)", &deg, &cx, &cy); err != nil {
		return 0, 0, 0, fmt.Errorf("iconpng: transform %q: only rotate(deg cx cy)", t)
	}
	return deg, cx, cy, nil
}

// k is the cubic Bézier handle length of a quarter circle.
const k = 0.5522847498

func rect(z *vector.Rasterizer, a map[string]string, scale float64) error {
	v, err := nums(a, "x", "y", "width", "height", "rx")
	if err != nil {
		return err
	}
	x, y, w, h, r := v[0], v[1], v[2], v[3], math.Min(v[4], math.Min(v[2], v[3])/2)
	deg, cx, cy, err := rotation(a["transform"])
	if err != nil {
		return err
	}
	sin, cos := math.Sincos(deg * math.Pi / 180)
	pt := func(px, py float64) (float32, float32) {
		dx, dy := px-cx, py-cy
		return float32((cx + dx*cos - dy*sin) * scale), float32((cy + dx*sin + dy*cos) * scale)
	}
	move := func(px, py float64) { z.MoveTo(pt(px, py)) }
	line := func(px, py float64) { z.LineTo(pt(px, py)) }
	cube := func(ax, ay, bx, by, ex, ey float64) {
		x1, y1 := pt(ax, ay)
		x2, y2 := pt(bx, by)
		x3, y3 := pt(ex, ey)
		z.CubeTo(x1, y1, x2, y2, x3, y3)
	}
	c := r * k
	move(x+r, y)
	line(x+w-r, y)
	cube(x+w-r+c, y, x+w, y+r-c, x+w, y+r)
	line(x+w, y+h-r)
	cube(x+w, y+h-r+c, x+w-r+c, y+h, x+w-r, y+h)
	line(x+r, y+h)
	cube(x+r-c, y+h, x, y+h-r+c, x, y+h-r)
	line(x, y+r)
	cube(x, y+r-c, x+r-c, y, x+r, y)
	z.ClosePath()
	return nil
}

func circle(z *vector.Rasterizer, a map[string]string, scale float64) error {
	v, err := nums(a, "cx", "cy", "r")
	if err != nil {
		return err
	}
	if a["transform"] != "" {
		return fmt.Errorf("iconpng: a circle's transform is not drawn")
	}
	cx, cy, r := v[0]*scale, v[1]*scale, v[2]*scale
	c := r * k
	f := func(f float64) float32 { return float32(f) }
	z.MoveTo(f(cx+r), f(cy))
	z.CubeTo(f(cx+r), f(cy+c), f(cx+c), f(cy+r), f(cx), f(cy+r))
	z.CubeTo(f(cx-c), f(cy+r), f(cx-r), f(cy+c), f(cx-r), f(cy))
	z.CubeTo(f(cx-r), f(cy-c), f(cx-c), f(cy-r), f(cx), f(cy-r))
	z.CubeTo(f(cx+c), f(cy-r), f(cx+r), f(cy-c), f(cx+r), f(cy))
	z.ClosePath()
	return nil
}

func hexColor(s string) (color.RGBA, error) {
	if len(s) == 4 && s[0] == '#' {
		s = string([]byte{'#', s[1], s[1], s[2], s[2], s[3], s[3]})
	}
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{}, fmt.Errorf("iconpng: fill %q: want #rgb or #rrggbb", s)
	}
	n, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.RGBA{}, fmt.Errorf("iconpng: fill %q: %v", s, err)
	}
	return color.RGBA{uint8(n >> 16), uint8(n >> 8), uint8(n), 255}, nil
}
