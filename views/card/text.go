package card

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/unicode/norm"
)

// The Go fonts (BSD licence, embedded by golang.org/x/image) cover the
// WGL4 set: Latin with its extensions (German umlauts, Polish Ł ą ż),
// Greek and Cyrillic, the ellipsis and the box (□) shown for anything
// else. A parsed font is safe for concurrent use; a Face is not, so every
// card makes its own faces.
var fonts = sync.OnceValues(func() ([2]*opentype.Font, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return [2]*opentype.Font{}, err
	}
	bold, err := opentype.Parse(gobold.TTF)
	return [2]*opentype.Font{regular, bold}, err
})

// weight picks a font.
type weight int

const (
	regular weight = iota
	bold
)

// maxRunes bounds the text taken from one field: nothing wider than the
// card is ever drawn, and a hostile name cannot make a render slow.
const maxRunes = 200

// missing stands for a character the font has no glyph for (an emoji,
// Arabic or Hebrew script): a box, as "tofu" is shown everywhere.
const missing = '□'

// ellipsis ends text cut to fit.
const ellipsis = "…"

// faces makes and keeps the faces of one card.
type faces struct {
	f     [2]*opentype.Font
	cache map[faceKey]font.Face
}

type faceKey struct {
	w    weight
	size float64
}

func (fs *faces) face(w weight, size float64) font.Face {
	k := faceKey{w, size}
	if f, ok := fs.cache[k]; ok {
		return f
	}
	// Options are valid constants, so NewFace cannot fail here.
	f, _ := opentype.NewFace(fs.f[w], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	fs.cache[k] = f
	return f
}

// clean makes text safe to draw: invalid UTF-8 becomes U+FFFD's box,
// decomposed letters are composed (e + ◌́ → é), control and format
// characters (bidi overrides, zero-width joiners) are dropped, runs of
// space become one space, characters the font lacks become a box, and at
// most maxRunes are kept. Right-to-left text keeps its logical order
// (there is no shaping); it never panics.
func clean(s string, face font.Face) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, string(missing))
	}
	if len(s) > maxRunes*utf8.UTFMax {
		s = s[:maxRunes*utf8.UTFMax]
		s = strings.ToValidUTF8(s, "")
	}
	s = norm.NFC.String(s)
	var b strings.Builder
	n, space := 0, false
	for _, r := range s {
		if n == maxRunes {
			break
		}
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			continue
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		if _, ok := face.GlyphAdvance(r); !ok {
			r = missing
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// width is how wide s is drawn in face, in pixels (rounded up).
func width(face font.Face, s string) int {
	return font.MeasureString(face, s).Ceil()
}

// fit cuts s to at most max pixels wide, ending it with an ellipsis when
// it had to be cut.
func fit(face font.Face, s string, max int) string {
	if width(face, s) <= max {
		return s
	}
	limit := fixed.I(max) - font.MeasureString(face, ellipsis)
	var adv fixed.Int26_6
	prev := rune(-1)
	for i, r := range s {
		if prev >= 0 {
			adv += face.Kern(prev, r)
		}
		a, _ := face.GlyphAdvance(r)
		if adv+a > limit {
			return strings.TrimRightFunc(s[:i], unicode.IsSpace) + ellipsis
		}
		adv += a
		prev = r
	}
	return s
}
