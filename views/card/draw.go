package card

import (
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The app's light palette (static/css/app.css) and the winners' gold.
var (
	bg         = rgb(0xf6f4ef)
	surface    = rgb(0xffffff)
	border     = rgb(0xd9d3c4)
	ink        = rgb(0x1d1b16)
	muted      = rgb(0x5d584c)
	accent     = rgb(0x0b6e4f)
	accentSoft = rgb(0xd7efe5)
	warn       = rgb(0x8a5a00)
	warnSoft   = rgb(0xfff1d0)
	gold       = rgb(0xf2c230)
	goldDeep   = rgb(0x8a6400)
	white      = rgb(0xffffff)
)

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// canvas is one card being drawn.
type canvas struct {
	img *image.RGBA
	faces
	z *vector.Rasterizer
}

func newCanvas(f [2]*opentype.Font) *canvas {
	c := &canvas{
		img:   image.NewRGBA(image.Rect(0, 0, Width, Height)),
		faces: faces{f: f, cache: map[faceKey]font.Face{}},
		z:     vector.NewRasterizer(1, 1),
	}
	draw.Draw(c.img, c.img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	return c
}

// rect fills r.
func (c *canvas) rect(r image.Rectangle, col color.Color) {
	draw.Draw(c.img, r.Intersect(c.img.Bounds()), image.NewUniform(col), image.Point{}, draw.Over)
}

// shape fills the path that build draws in the box r (coordinates
// relative to r's corner), anti-aliased. Boxes outside the card are not
// drawn.
func (c *canvas) shape(r image.Rectangle, col color.Color, build func(z *vector.Rasterizer, w, h float32)) {
	if r.Empty() || !r.In(c.img.Bounds()) {
		return
	}
	c.z.Reset(r.Dx(), r.Dy())
	build(c.z, float32(r.Dx()), float32(r.Dy()))
	c.z.Draw(c.img, r, image.NewUniform(col), image.Point{})
}

// k places the control points of a cubic Bézier quarter circle.
const k = 0.5523

// rounded fills r with corners of radius rad: the straight parts as
// rectangles, only the four corners through the rasterizer (a card's
// rows would otherwise cost most of its drawing time).
func (c *canvas) rounded(r image.Rectangle, rad float32, col color.Color) {
	if r.Empty() {
		return
	}
	q := int(min(rad, float32(r.Dx())/2, float32(r.Dy())/2))
	if q < 1 {
		c.rect(r, col)
		return
	}
	c.rect(image.Rect(r.Min.X+q, r.Min.Y, r.Max.X-q, r.Max.Y), col)
	c.rect(image.Rect(r.Min.X, r.Min.Y+q, r.Min.X+q, r.Max.Y-q), col)
	c.rect(image.Rect(r.Max.X-q, r.Min.Y+q, r.Max.X, r.Max.Y-q), col)
	fq := float32(q)
	// Each corner is a quarter disc whose centre is the corner of its
	// box nearest the middle of r.
	for _, corner := range []struct {
		box    image.Rectangle
		cx, cy float32
	}{
		{image.Rect(r.Min.X, r.Min.Y, r.Min.X+q, r.Min.Y+q), fq, fq},
		{image.Rect(r.Max.X-q, r.Min.Y, r.Max.X, r.Min.Y+q), 0, fq},
		{image.Rect(r.Min.X, r.Max.Y-q, r.Min.X+q, r.Max.Y), fq, 0},
		{image.Rect(r.Max.X-q, r.Max.Y-q, r.Max.X, r.Max.Y), 0, 0},
	} {
		c.shape(corner.box, col, func(z *vector.Rasterizer, w, h float32) {
			// The quarter circle from the centre's horizontal neighbour on
			// the box's edge to its vertical one, closed through the centre.
			dx, dy := fq, fq
			if corner.cx > 0 {
				dx = -fq
			}
			if corner.cy > 0 {
				dy = -fq
			}
			z.MoveTo(corner.cx, corner.cy)
			z.LineTo(corner.cx+dx, corner.cy)
			z.CubeTo(corner.cx+dx, corner.cy+dy*k, corner.cx+dx*k, corner.cy+dy, corner.cx, corner.cy+dy)
			z.ClosePath()
		})
	}
}

// circle fills the circle inscribed in the square at (x, y) of side d.
func (c *canvas) circle(x, y, d int, col color.Color) {
	c.rounded(image.Rect(x, y, x+d, y+d), float32(d)/2, col)
}

// polygon fills the polygon through pts, given as fractions of the box r.
func (c *canvas) polygon(r image.Rectangle, col color.Color, pts ...[2]float32) {
	c.shape(r, col, func(z *vector.Rasterizer, w, h float32) {
		for i, p := range pts {
			if i == 0 {
				z.MoveTo(p[0]*w, p[1]*h)
			} else {
				z.LineTo(p[0]*w, p[1]*h)
			}
		}
		z.ClosePath()
	})
}

// check draws a tick in the square box at (x, y) of side d.
func (c *canvas) check(x, y, d int, col color.Color) {
	c.polygon(image.Rect(x, y, x+d, y+d), col,
		[2]float32{0.06, 0.55}, [2]float32{0.2, 0.41}, [2]float32{0.4, 0.61},
		[2]float32{0.8, 0.18}, [2]float32{0.94, 0.32}, [2]float32{0.4, 0.89})
}

// crown draws the winners' crown in the box r.
func (c *canvas) crown(r image.Rectangle, col color.Color) {
	c.polygon(r, col,
		[2]float32{0.04, 0.3}, [2]float32{0.3, 0.56}, [2]float32{0.5, 0.08},
		[2]float32{0.7, 0.56}, [2]float32{0.96, 0.3}, [2]float32{0.86, 0.8},
		[2]float32{0.14, 0.8})
	c.rect(image.Rect(r.Min.X+r.Dx()*14/100, r.Min.Y+r.Dy()*86/100, r.Max.X-r.Dx()*14/100, r.Max.Y), col)
}

// text draws s with its baseline at y, starting at x; it returns the
// x where it ended.
func (c *canvas) text(s string, x, y int, face font.Face, col color.Color) int {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
	return d.Dot.X.Ceil()
}

// textRight draws s ending at x.
func (c *canvas) textRight(s string, x, y int, face font.Face, col color.Color) {
	c.text(s, x-width(face, s), y, face, col)
}

// textCentre draws s centred on x.
func (c *canvas) textCentre(s string, x, y int, face font.Face, col color.Color) {
	c.text(s, x-width(face, s)/2, y, face, col)
}
