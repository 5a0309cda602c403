"""The lint's rules.  The ids are a contract: SARIF consumers (GitHub code
scanning) and baselines key on them, so they never change or get renumbered.
The order here is the order of runs[].tool.driver.rules in SARIF."""

RULES = [
    {
        "id": "tscope-leak",
        "name": "TensorLeak",
        "short": "A tensor the function owns is not released on some path.",
        "full": ("A tensor created (or received as owned) in this function is neither "
                 "released, returned, stored where it outlives the function, nor passed "
                 "to a consuming parameter on at least one path to an exit.  Dropped "
                 "results and owned temporaries passed to a borrowing parameter count."),
        "fix": ("Release the tensor on that path, return it, or let a scope own it "
                "(TSCOPE_SCOPE / TSCOPE_AUTO)."),
    },
    {
        "id": "tscope-double-release",
        "name": "TensorDoubleRelease",
        "short": "A tensor is released twice.",
        "full": ("The same tensor (directly or through an alias) is released twice on "
                 "one path, or released by hand and again by the scope that owns it."),
        "fix": "Remove one release, or set the variable to NULL after releasing it.",
    },
    {
        "id": "tscope-use-after-release",
        "name": "TensorUseAfterRelease",
        "short": "A tensor is used after it was released.",
        "full": ("A tensor is passed to a function, dereferenced or returned after it "
                 "was released on this path (including in a previous loop iteration)."),
        "fix": "Move the release after the last use.",
    },
    {
        "id": "tscope-borrowed-release",
        "name": "TensorBorrowedRelease",
        "short": "A tensor the function does not own is released.",
        "full": ("A view or a borrowed tensor (a parameter the function only borrows, "
                 "a submatrix/row/column view) is released; its owner releases it again."),
        "fix": "Do not release views or borrowed tensors; release the owner instead.",
    },
    {
        "id": "tscope-scope-escape",
        "name": "TensorScopeEscape",
        "short": "A scope-owned tensor escapes in a way the scope cannot detach.",
        "full": ("A tensor owned by an automatic scope leaves the function in a way the "
                 "plugin cannot detach automatically, so the scope would release a "
                 "tensor that is still in use."),
        "fix": "Detach the tensor explicitly (tscope_detach) before it escapes.",
    },
]

RULE_IDS = [r["id"] for r in RULES]
RULE_INDEX = {r["id"]: i for i, r in enumerate(RULES)}
