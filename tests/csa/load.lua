-- The load test's config: many connections from 127.0.0.1.
return {max_connections_per_address = 1000, login_timeout = 60}
