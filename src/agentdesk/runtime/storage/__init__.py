"""One database URL to a checkpointer, LangGraph's Store and the app's own tables."""
