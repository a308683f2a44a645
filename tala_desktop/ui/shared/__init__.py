"""What every scene shares: the services, the settings applied live, the store bridge, the new-game choices."""
