// Command icons draws the PNG icons (apple-touch-icon, the manifest's
// maskable icons) from static/icons/maskable.svg into static/icons. Run it
// from the repository's root after changing the SVG:
//
//	go run ./scripts/icons
//
// static/iconpng's test fails while the committed PNGs differ from what
// the SVG draws.
package main

import (
	"log"
	"os"
	"path/filepath"

	"tablemate/static/iconpng"
)

func main() {
	dir := filepath.Join("static", "icons")
	svg, err := os.ReadFile(filepath.Join(dir, iconpng.Source))
	if err != nil {
		log.Fatal(err)
	}
	for name, size := range iconpng.Sizes {
		b, err := iconpng.Render(svg, size)
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("%s: %d×%d, %d bytes", name, size, size, len(b))
	}
}
