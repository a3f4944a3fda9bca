"""The generic core of vpt_tasks: what every benchmark uses and no benchmark owns.

Nothing in this package imports a benchmark (`vpt_tasks.<benchmark>`); each
benchmark passes in its own vocabularies, schemas and record mappings.

| module | concept |
|---|---|
| `args` | validation of `-T` task arguments |
| `config` | loading `task_configs/<name>.yaml` |
| `errors` | the exceptions that carry a message for the researcher |
| `sources` | the `source` task parameter and reading a source's table |
| `records` | the one row loop: rows -> validated records, images stored |
| `images` | the content-addressed image store |
| `canonical` | writing a dataset in the canonical (Hub) layout |
| `messages` | user messages and the hints baseline models read |
| `solvers` | solvers shared by the tasks |
| `stats` | bootstrap confidence intervals |
| `text` | small text helpers (number words, column lookup, sort keys) |
"""
