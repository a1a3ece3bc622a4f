package iconpng

import (
	"bytes"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommittedPNGsAreTheSVG: each committed PNG is what maskable.svg
// draws today at its size (run `go run ./scripts/icons` after changing
// the SVG), full-bleed (no transparent pixel: iOS and maskable icons are
// cut by the phone) and shows the green table with the white and yellow
// cards where the SVG puts them.
func TestCommittedPNGsAreTheSVG(t *testing.T) {
	dir := filepath.Join("..", "icons")
	svg, err := os.ReadFile(filepath.Join(dir, Source))
	if err != nil {
		t.Fatal(err)
	}
	green, white, yellow := color.RGBA{0x0b, 0x6e, 0x4f, 255}, color.RGBA{255, 255, 255, 255}, color.RGBA{0xfd, 0xd8, 0x35, 255}
	for name, size := range Sizes {
		want, err := Render(svg, size)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%s: %v (run go run ./scripts/icons)", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what %s draws: run go run ./scripts/icons", name, Source)
		}
		img, err := png.Decode(bytes.NewReader(got))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Fatalf("%s is %v, want %d×%d", name, b, size, size)
		}
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
					t.Fatalf("%s: pixel %d,%d is not opaque", name, x, y)
				}
			}
		}
		at := func(x, y float64) color.RGBA { // in the SVG's 64×64 units
			return color.RGBAModel.Convert(img.At(int(x*float64(size)/64), int(y*float64(size)/64))).(color.RGBA)
		}
		for _, c := range []struct {
			x, y float64
			want color.RGBA
			what string
		}{{1, 1, green, "corner"}, {62, 62, green, "corner"}, {22, 30, white, "white card"}, {41, 40, yellow, "yellow card"}, {37, 32, green, "the card's dot"}} {
			if got := at(c.x, c.y); got != c.want {
				t.Errorf("%s: %s at %v,%v is %v, want %v", name, c.what, c.x, c.y, got, c.want)
			}
		}
	}
}

// TestRefusesWhatItCannotDraw: an element, attribute, transform or
// colour outside the subset is an error, not a wrong picture.
func TestRefusesWhatItCannotDraw(t *testing.T) {
	for _, svg := range []string{
		`<svg viewBox="0 0 64 64"><path d="M0 0"/></svg>`,
		`<svg viewBox="0 0 64 64"><rect width="4" height="4" fill="#fff" stroke="#000"/></svg>`,
		`<svg viewBox="0 0 64 64"><rect width="4" height="4" fill="#fff" transform="scale(2)"/></svg>`,
		`<svg viewBox="0 0 64 64"><rect width="4" height="4" fill="red"/></svg>`,
		`<svg viewBox="0 0 64 32"><rect width="4" height="4" fill="#fff"/></svg>`,
		`<rect width="4" height="4" fill="#fff"/>`,
		`<svg viewBox="0 0 64 64"><circle cx="1" cy="1" fill="#fff"/></svg>`,
	} {
		if _, err := Draw([]byte(svg), 16); err == nil {
			t.Errorf("%s drawn", svg)
		} else if !strings.HasPrefix(err.Error(), "iconpng: ") {
			t.Errorf("%s: %v", svg, err)
		}
	}
	img, err := Draw([]byte(`<svg viewBox="0 0 4 4"><rect x="2" width="2" height="4" fill="#f00"/></svg>`), 4)
	if err != nil {
		t.Fatal(err)
	}
	if img.At(0, 0) != (color.RGBA{}) || img.At(3, 3) != (color.RGBA{255, 0, 0, 255}) {
		t.Errorf("half-red square: %v %v", img.At(0, 0), img.At(3, 3))
	}
}
