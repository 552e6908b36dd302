"""The app's stylesheet, kept in Python so it ships inside the package without
any package-data setting."""

__all__ = ["APP_CSS"]

APP_CSS = """
Screen {
    align: center middle;
}
#main {
    height: 1fr;
    width: 100%;
}
#game {
    width: auto;
    height: auto;
    align: center middle;
}
#bar {
    height: 1;
    width: 100%;
    align: center top;
}
#counter {
    dock: left;
}
#timer {
    dock: right;
}
Led {
    width: 3;
    background: #000000;
    color: #ff2020;
    text-style: bold;
    content-align: center middle;
}
Face {
    width: 4;
    background: #c0c0c0;
    color: #000000;
    text-style: bold;
    content-align: center middle;
}
AssistButton {
    width: auto;
    margin: 0 1;
    background: #c0c0c0;
    color: #000080;
    text-style: bold;
    content-align: center middle;
}
BoardWidget {
    width: auto;
    height: auto;
    border: round #808080;
    background: #c0c0c0;
}
#status {
    width: 100%;
    height: 1;
    content-align: center middle;
}
#end-row {
    height: auto;
}
#end {
    width: auto;
    max-width: 100%;
    height: auto;
    display: none;
}
#too-small {
    width: 100%;
    height: auto;
    padding: 1 2;
    content-align: center middle;
    text-align: center;
    display: none;
}
"""
