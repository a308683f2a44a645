"""The Windows app built and tested on Linux with Wine: the environment, the downloads, the steps, the play."""
