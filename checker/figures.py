"""matplotlib figures for notebooks: made without pyplot (no global state, no backend
switched), shown once per cell. (``fonts.chinese_ready`` gives their Chinese a font.)

    new(**kwargs)   a Figure (``figsize=``, ``layout=``) that IPython shows once per cell
    show(figure)    show it now when running in IPython (a kernel or the shell)
"""
from __future__ import annotations


def new(**kwargs):
    """A Figure that IPython shows once per cell: once by ``show``, not again as the
    cell's value (a later cell that names it shows it again)."""
    from matplotlib.figure import Figure

    class ShownFigure(Figure):
        shown_in = None

        def _ipython_display_(self):
            count = _execution_count()
            if count is not None and count == self.shown_in:
                return
            self.shown_in = count
            _png(self)

    return ShownFigure(**kwargs)


def show(figure) -> None:
    """Show the figure now when running in IPython (a kernel or the shell)."""
    if _execution_count() is not None:
        figure.shown_in = _execution_count()
        _png(figure)


def _execution_count():
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    return getattr(shell, "execution_count", None) if shell is not None else None


def _png(figure) -> None:
    import io

    from IPython.display import Image, display

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    display(Image(data=buffer.getvalue(), format="png"))
