package table

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// Every page is built for the link it was opened with. A handler resolves
// the link in its URL to one of four roles, and every URL on the page is
// built on that role's base:
//
//	edit           /tables/{edit link}  enter, correct, undo; replace links
//	view           /v/{view link}       follow the table, change nothing
//	league admin   /l/{admin link}      change the league; replace its link
//	league public  /leagues/{id}        the standings
//
// The view and public roles are separate types with their own view-model
// builders (readonly.go on web/tablepage's View, web/leagues): they hold
// no edit or admin link, so no page built for them can show one. A
// table's key (sessions.Table.Key) opens nothing and no page shows it.
// The crawl test (web/server's links_crawl_test.go) follows every URL
// from the view and public links of tables of every game and fails on
// any edit or admin link or table key in an answer.

// RotateLink replaces the table's edit or view-only link: POST
// /tables/:id/rotate/:role, a write like any other (the link generation
// seen, a one-time token). The old link stops working at once; a phone
// whose page is open on it is told by its live stream. This phone moves
// to the table with the invite panel open, the new link and its QR code
// shown.
func (a *Area) RotateLink(c echo.Context) error {
	role := sessions.Role(c.Param("role"))
	if role != sessions.RoleEdit && role != sessions.RoleView {
		return echo.ErrNotFound
	}
	seen, _ := serve.FormInt(c, "_seen")
	r, err := a.Tables.Rotate(c.Request().Context(), c.Param("id"), role, seen, c.FormValue("_token"))
	if serve.Stale(c, err) {
		return a.Rerender(c, http.StatusConflict, scoring.Phrasef("Someone else replaced this link a moment ago, so nothing was done. The links in use are shown below."))
	}
	if err != nil {
		return serve.LinkError(c, err)
	}
	if role == sessions.RoleView {
		return serve.Redirect(c, kit.EditBase(c)+"?done=view-link#share")
	}
	serve.ReplaceRemembered(c, c.Param("id"), r.Link)
	return serve.Redirect(c, "/tables/"+r.Link+"?done=edit-link#share")
}

// tableShare is the edit page's invite panel of the table with links l.
func (a *Area) tableShare(c echo.Context, t sessions.Table, l sessions.TableLinks) views.ShareVM {
	base := "/tables/" + l.Edit
	vm := views.ShareVM{
		View: a.handed.Share(c, "view-link", scoring.Phrasef("Can only watch"),
			scoring.Phrasef("For spectators: follows the table live, cannot change anything."), "/v/"+l.View, t.Name),
		Edit: a.handed.Share(c, "edit-link", scoring.Phrasef("Can enter results"),
			scoring.Phrasef("For the players at this table: whoever has it can enter, correct and undo results."), base, t.Name),
		RotateView: base + "/rotate/view", RotateEdit: base + "/rotate/edit",
		ViewForm: kit.Form(c, l.ViewGen), EditForm: kit.Form(c, l.EditGen),
	}
	// The links rendered, kept with the table's version for the links
	// and language they were rendered for.
	type kept struct {
		view, edit views.ShareLink
		parts      *views.ShareParts
	}
	ctx := c.Request().Context()
	k := t.Derived("share/"+i18n.Code(i18n.Lang(ctx)), func() any {
		return kept{vm.View, vm.Edit, &views.ShareParts{View: views.Prerender(ctx, views.ShareViewLink(vm.View)), Edit: views.Prerender(ctx, views.ShareEditLink(vm.Edit))}}
	}).(kept)
	if k.view.Same(vm.View) && k.edit.Same(vm.Edit) {
		vm.Kept = k.parts
	}
	_, vm.Open = serve.LinkFlashes[c.QueryParam("done")]
	f := a.handed.Features(c.Request())
	vm.Features, vm.FeaturesGood = f.Say(), f.Good()
	return vm
}
