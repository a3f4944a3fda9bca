"""Human adjudication: the answers no rule settled, decided by people and written back to the logs.

The last stage of reading answers (rules -> grader -> human), and the papers' own
protocol: Isle-Brick-V2's answers were extracted by two research assistants with a
third resolving their disagreements; Isle v1 checked its "Unknown" answers by hand.

    vpt-tasks adjudicate LOG_OR_DIR... --out SHEET_DIR
        SHEET_DIR/index.html (the annotator's page: decide, save the sheet), sheet.csv (the
        same rows for a spreadsheet) and images/ (thumbnails of the logs' own embedded images)
    vpt-tasks adjudicate --apply SHEET [--apply SHEET2 [--resolve SHEET3]] LOG_OR_DIR...
        the decisions re-score their samples through Inspect's score editing

It reads logs and writes them back, so it is a room of its own beside `report/`:

| module | what |
|---|---|
| `files` | which files are logs (regular `.eval` / `.json` files only) |
| `rows` | the answers that need a human, one row each, named by task, model, log and sample |
| `images` | thumbnails from the log's own embedded image data, never from a path |
| `cells` | spreadsheet-safe cells: formula-leading text neutralised, long text cut to fit |
| `sheet` | the CSV written and read back (BOM, `;` or `,`, the columns checked) |
| `page` | the static HTML page annotators decide on, offline |
| `decisions` | what a decision may be for a row, and the score it gives |
| `agreement` | several annotators' sheets combined; Cohen's kappa and raw agreement |
| `apply` | all-or-nothing, locked, idempotent writing of the decisions into the logs |
| `cli` | the `vpt-tasks adjudicate` command |
"""
