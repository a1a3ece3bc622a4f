package cards

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"

	"github.com/boombuler/barcode/qr"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/views"
	"tablemate/web/kit"
	"tablemate/web/tablepage"
)

// QRCode encodes text as a QR code drawn as one SVG path (a unit square
// per dark module), so the page needs no image file and no script.
func QRCode(text string) (views.QRCode, error) {
	code, err := qr.Encode(text, qr.M, qr.Auto)
	if err != nil {
		return views.QRCode{}, fmt.Errorf("qr code: %w", err)
	}
	size := code.Bounds().Dx()
	var d strings.Builder
	for y := range size {
		for x := range size {
			if r, _, _, _ := code.At(x, y).RGBA(); r == 0 {
				fmt.Fprintf(&d, "M%d %dh1v1h-1z", x, y)
			}
		}
	}
	return views.QRCode{Path: d.String(), Size: size}, nil
}

// TableQR draws the QR code of the edit link in the URL: the invite panel
// shows it only when asked. Like every answer behind a link it is not
// stored (no-store), so a replaced link's code does not linger.
func (a *Area) TableQR(c echo.Context) error {
	if _, err := a.Table(c); err != nil {
		return err
	}
	return a.qrAnswer(c, kit.EditBase(c))
}

// ViewQR draws the QR code of a view-only link.
func (a *Area) ViewQR(c echo.Context) error {
	v, err := tablepage.OpenView(a.Kit, c)
	if err != nil {
		return err
	}
	return a.qrAnswer(c, v.Base())
}

// ViewGameQR draws the QR code of a game's result behind a view-only
// link (the "Share the result" panel shows it where the phone has no
// share sheet).
func (a *Area) ViewGameQR(c echo.Context) error {
	v, g, err := tablepage.OpenViewGame(a.Kit, c)
	if err != nil {
		return err
	}
	return a.qrAnswer(c, fmt.Sprintf("%s/games/%d", v.Base(), g.Number))
}

// LeagueQR draws the QR code of a league's standings link.
func (a *Area) LeagueQR(c echo.Context) error {
	l, err := a.League(c)
	if err != nil {
		return err
	}
	return a.qrAnswer(c, "/leagues/"+l.ID)
}

// AdminQR draws the QR code of a league's admin link.
func (a *Area) AdminQR(c echo.Context) error {
	if _, err := a.LeagueAdmin(c); err != nil {
		return err
	}
	return a.qrAnswer(c, "/l/"+c.Param("admin"))
}

// qrAnswer answers with the QR code of path on the server's public
// address (Handed.Origin), as an SVG image (compressed as every answer
// is, by the server's middleware).
func (a *Area) qrAnswer(c echo.Context, path string) error {
	code, err := QRCode(a.handed.Origin(c.Request()) + path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := views.QRImage(code).Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	return c.Blob(http.StatusOK, "image/svg+xml", buf.Bytes())
}

// Share is one link to pass on: its absolute URL on the server's public
// address and its QR code image, both on path (handed to the pages with
// an invite or share panel: the table's, the evening's, web/leagues').
func (a *Area) Share(c echo.Context, id string, label, hint scoring.Phrase, path, title string) views.ShareLink {
	return views.ShareLink{ID: id, Label: label, Hint: hint, URL: a.handed.Origin(c.Request()) + path, QRURL: path + "/qr.svg", Title: title}
}
