package table

import (
	"net/http"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/views"
	"tablemate/web/tablepage"
)

// The pages behind a view-only link (/v/{view link}). They are built from
// a tablepage.View, which holds the view-only link and no other, with the same
// builders every link uses (tableView, web/game's result page, web/replay's
// page) given the view base; nothing is built for the editor and taken away.

// ShowView renders a table for spectators: live, without any form,
// with the view-only link to pass on.
func (a *Area) ShowView(c echo.Context) error {
	v, err := tablepage.OpenView(a.Kit, c)
	if err != nil {
		return err
	}
	if key, ok := tablepage.KeptKey(c, "view", v.Table, v.Base()); ok {
		return a.Keep(c, key, func() templ.Component { return a.readOnlyPage(c, v) })
	}
	return a.Render(c, http.StatusOK, a.readOnlyPage(c, v))
}

// readOnlyPage is the table page behind the view-only link v.
func (a *Area) readOnlyPage(c echo.Context, v tablepage.View) templ.Component {
	vm := views.ReadOnlyTableVM{
		TableView: tableView(c, v.Table, v.Base()),
		Share: a.handed.Share(c, "view-link", scoring.Phrasef("Can only watch"),
			scoring.Phrasef("For spectators: follows the table live, cannot change anything."), v.Base(), v.Name),
	}
	vm.Page.Preview = a.handed.ViewPreview(c, v)
	if vm.Page.Preview.Image != "" {
		vm.Share.Card = v.Base() + "/card.png"
		vm.Page.Scripts = append(vm.Page.Scripts, "js/sharecard.js")
	}
	tablepage.ShowClock(c, v.Table, "table", false) // the clock, never its form
	return views.ReadOnlyTablePage(vm)
}
