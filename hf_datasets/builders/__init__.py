"""One module per benchmark, each with `build(out: Path) -> None` writing its demo data."""
