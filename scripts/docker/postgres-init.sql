-- docker-compose: one database per service, created on the first start of the postgres volume.
CREATE DATABASE identity;
CREATE DATABASE credits;
CREATE DATABASE prompt;
CREATE DATABASE chat;
CREATE DATABASE image;
CREATE DATABASE voice;
CREATE DATABASE youtube;
CREATE DATABASE library;
