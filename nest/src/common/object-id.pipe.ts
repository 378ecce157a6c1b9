import { HttpStatus, Injectable, type PipeTransform } from '@nestjs/common';

import { isObjectId } from '../contract';

import { ApiError } from './api-error';

/** A path's id: 24 hexadecimal characters, or a 400 naming the parameter. */
@Injectable()
export class ObjectIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isObjectId(value))
      throw new ApiError(HttpStatus.BAD_REQUEST, 'id must be a 24-character hexadecimal id');
    return value.toLowerCase();
  }
}
