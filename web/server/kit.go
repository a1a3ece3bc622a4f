package server

import "tablemate/web/serve"

// kit is what the server hands its areas (web/api, …): its rendering and
// its compression.
func (a *App) kit() serve.Kit {
	return serve.Kit{Tables: a.tables, Render: render, Blob: blobCompressed, Kept: a.keptPage}
}
