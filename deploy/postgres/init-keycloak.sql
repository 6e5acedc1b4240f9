-- Keycloak keeps its tables in a database of its own on the same server.
CREATE DATABASE keycloak OWNER ssaem;
